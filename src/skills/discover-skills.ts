import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { parseSkillFile } from './parse-skill-file.ts';
import { skillReachedThroughLink } from './skill-reached-through-link.ts';
import type { Skill, SkillDiscovery } from './types.ts';

/** The file that makes a folder a skill. */
export const SKILL_FILE = 'SKILL.md';

/** A folder of skills; `plugin` marks the plugin it belongs to. */
export type SkillDirectory = string | { directory: string; plugin?: string };

/**
 * Finds the skills in the given folders: every `<directory>/<name>/SKILL.md`, folders in order and
 * names sorted. A missing folder is skipped; a folder without SKILL.md is not a skill. A bad SKILL.md
 * becomes an error value naming the file and line, never a throw. When two folders define the same name,
 * the first wins and the second is an error value. A skill reached through a link to a place not named
 * like a skill folder loads without its `allowed-tools` (an error value says so): the model could have
 * written it there. Reads the disk on every call (no cache), so edits show at once.
 */
export async function discoverSkills(options: { directories: readonly SkillDirectory[] }): Promise<SkillDiscovery> {
  const skills: Skill[] = [];
  const errors: CodevError[] = [];
  const byName = new Map<string, Skill>();
  for (const entry of options.directories) {
    const { directory, plugin } = typeof entry === 'string' ? { directory: entry, plugin: undefined } : entry;
    const listed = await listSkillFolders(directory);
    if ('error' in listed) {
      errors.push(listed.error);
      continue;
    }
    for (const folder of listed.folders) {
      const file = path.join(folder, SKILL_FILE);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') errors.push(new CodevError('SKILL_INVALID', `Cannot read skill ${file}: ${errorMessage(error)}`, { file, cause: error }));
        continue;
      }
      const parsed = parseSkillFile({ file, text, plugin });
      if ('error' in parsed) {
        errors.push(parsed.error);
        continue;
      }
      if (parsed.skill.allowedTools.length > 0 && (await skillReachedThroughLink({ file, skillsFolder: directory }))) {
        errors.push(new CodevError('SKILL_INVALID', `Skill "${parsed.skill.name}" in ${file} is reached through a link to a place not named like a skill folder, so its allowed-tools are ignored`, { file, field: 'allowed-tools', hint: 'link the skills folder to a folder that is also named skills, with the skill folders and SKILL.md files themselves inside it' }));
        parsed.skill = Object.freeze({ ...parsed.skill, allowedTools: Object.freeze([]) });
      }
      const previous = byName.get(parsed.skill.name);
      if (previous) {
        errors.push(new CodevError('SKILL_INVALID', `Skill "${parsed.skill.name}" in ${file} is shadowed by ${previous.file}`, { file, field: 'name', hint: 'give one of the skills another name' }));
        continue;
      }
      byName.set(parsed.skill.name, parsed.skill);
      skills.push(parsed.skill);
    }
  }
  return { skills, errors };
}

async function listSkillFolders(directory: string): Promise<{ folders: string[] } | { error: CodevError }> {
  try {
    const entries = await readdir(directory, { withFileTypes: true });
    return {
      folders: entries
        .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith('.') && entry.name !== 'node_modules')
        .map((entry) => entry.name)
        .sort()
        .map((name) => path.join(directory, name)),
    };
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return { folders: [] };
    return { error: new CodevError('SKILL_INVALID', `Cannot read skills folder ${directory}: ${errorMessage(error)}`, { file: directory, cause: error }) };
  }
}
