export { discoverSkills, SKILL_FILE, type SkillDirectory } from './discover-skills.ts';
export { findSkillDirectories, isPluginFolderName, PLUGIN_SKILLS_FOLDER, PROJECT_SKILL_DIRECTORIES, type SkillLocations } from './find-skill-directories.ts';
export { parseFrontmatter, type FrontmatterResult } from './parse-frontmatter.ts';
export { MAX_SKILL_NAME_LENGTH, parseSkillFile } from './parse-skill-file.ts';
export { splitArguments } from './split-arguments.ts';
export { substituteArguments } from './substitute-arguments.ts';
export type { FrontmatterValue, Skill, SkillDiscovery } from './types.ts';
