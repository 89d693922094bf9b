import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_SKILL_FOLDERS } from '../files/codev-files.ts';
import type { SkillDirectory } from './discover-skills.ts';

/** The skill folders of a project, relative to the working directory and to the project root. */
export const PROJECT_SKILL_DIRECTORIES: readonly string[] = PROJECT_SKILL_FOLDERS;

/** The skills folder inside a plugin folder (`<pluginDir>/skills/`) and inside each of its plugins (`<pluginDir>/<name>/skills/`). */
export const PLUGIN_SKILLS_FOLDER = 'skills';

/** Where a session's skills live: what a tool-use context knows. */
export interface SkillLocations {
  /** The working directory. Absolute. */
  cwd: string;
  /** The project root (the config's directory), when it differs from `cwd`. Absolute. */
  projectRoot?: string;
  /** The plugin folders (the config's `pluginDirs`), absolute. */
  pluginDirectories?: readonly string[];
}

/**
 * The folders to search for skills, first match of a name wins: `<cwd>/skills`, `<cwd>/.codev/skills`,
 * the same under the project root when it differs, then for each plugin folder `<pluginDir>/skills`
 * and each `<pluginDir>/<name>/skills` (names sorted; a folder plugin, or a folder that only holds
 * skills), tagged with the folder they belong to. Lists the plugin folders on every call (no cache).
 */
export async function findSkillDirectories(locations: SkillLocations): Promise<SkillDirectory[]> {
  const bases = [...new Set([locations.cwd, locations.projectRoot ?? locations.cwd])];
  const directories: SkillDirectory[] = bases.flatMap((base) => PROJECT_SKILL_DIRECTORIES.map((relative) => path.join(base, relative)));
  for (const pluginDirectory of locations.pluginDirectories ?? []) {
    directories.push({ directory: path.join(pluginDirectory, PLUGIN_SKILLS_FOLDER), plugin: pluginDirectory });
    for (const name of await pluginFolders(pluginDirectory)) {
      const plugin = path.join(pluginDirectory, name);
      directories.push({ directory: path.join(plugin, PLUGIN_SKILLS_FOLDER), plugin });
    }
  }
  return directories;
}

/** True for a `<pluginDir>/<name>` entry whose `skills/` may hold a plugin's skills. */
export function isPluginFolderName(name: string): boolean {
  return name !== PLUGIN_SKILLS_FOLDER && name !== 'node_modules' && !name.startsWith('.');
}

async function pluginFolders(pluginDirectory: string): Promise<string[]> {
  try {
    const entries = await readdir(pluginDirectory, { withFileTypes: true });
    const names: string[] = [];
    for (const entry of entries) {
      if (!isPluginFolderName(entry.name)) continue;
      if (entry.isDirectory() || (entry.isSymbolicLink() && (await isDirectory(path.join(pluginDirectory, entry.name))))) names.push(entry.name);
    }
    return names.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  } catch {
    // A missing or unreadable plugin folder has no skills; plugin discovery reports it.
    return [];
  }
}

async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}
