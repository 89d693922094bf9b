import { createSkillTool } from './create-skill-tool.ts';

export { createSkillTool, formatSkillResult, type SkillInput, type SkillOutput, type SkillToolOptions } from './create-skill-tool.ts';

/** The Skill tool over `<cwd>/skills` and `<cwd>/.codev/skills`, re-read at every call. */
export const skillTool = createSkillTool();
