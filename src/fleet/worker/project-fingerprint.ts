import { readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { AGENT_DIRECTORIES } from '../../agent-types/discover-agent-types.ts';
import { CONFIG_FILE_NAMES, MCP_CONFIG_FILE } from '../../files/codev-files.ts';
import type { Generation } from '../../kernel/types.ts';
import { PROJECT_SKILL_DIRECTORIES } from '../../skills/find-skill-directories.ts';

/** The names in a config directory that change what a kernel loads (package.json marks the root). */
const CONFIG_NAMES = new Set([...CONFIG_FILE_NAMES, MCP_CONFIG_FILE, 'package.json']);
/** As deep as the kernel's watcher looks inside a plugin folder: `<dir>/<name>/<sub>/<file>`. */
const PLUGIN_DEPTH = 3;

/**
 * What a loaded project was made from, as one string: the config names, `.mcp.json` and package.json of
 * every directory the config is searched in, the local settings file, every file in the plugin folders
 * (three levels, as the kernel's watcher sees them) and every listed plugin file, and the skill and agent
 * folders (their prompts are rendered from the generation), each with its size, inode and change times.
 * Two equal fingerprints mean the kernel a worker keeps for the project would load the same thing again;
 * a file saved, added or removed changes it. Synchronous: a few dozen `stat`s, far cheaper than a load.
 */
export function projectFingerprint(options: { generation: Generation; configDirectories: readonly string[] }): ProjectFingerprint {
  const { generation } = options;
  const parts: Stamp[] = [];
  for (const directory of options.configDirectories) {
    for (const entry of list(directory)) if (CONFIG_NAMES.has(entry.name)) parts.push(stamp(path.join(directory, entry.name)));
  }
  parts.push(stamp(generation.localSettingsFile));
  for (const file of generation.pluginFiles) parts.push(stamp(file));
  for (const directory of generation.pluginDirectories) walk(directory, PLUGIN_DEPTH, parts);
  for (const relative of [...PROJECT_SKILL_DIRECTORIES, ...AGENT_DIRECTORIES]) walk(path.join(generation.root, relative), 2, parts);
  return { value: parts.map((part) => part.text).join('\n'), newestModifiedMs: Math.max(0, ...parts.map((part) => part.modifiedMs)) };
}

/** A project's fingerprint, and when the newest of its files was last modified (epoch ms; 0 for none). */
export interface ProjectFingerprint {
  value: string;
  newestModifiedMs: number;
}

interface Stamp {
  text: string;
  modifiedMs: number;
}

function walk(directory: string, depth: number, parts: Stamp[]): void {
  parts.push(stamp(directory));
  for (const entry of list(directory)) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const file = path.join(directory, entry.name);
    if (entry.isDirectory() && depth > 1) walk(file, depth - 1, parts);
    else parts.push(stamp(file));
  }
}

function list(directory: string): Dirent[] {
  try {
    return readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** A file's identity and change times; `-` when it is missing (so its creation changes the fingerprint). */
function stamp(file: string): Stamp {
  const stats = statSync(file, { throwIfNoEntry: false, bigint: true });
  return stats ? { text: `${file} ${stats.ino} ${stats.size} ${stats.mtimeNs} ${stats.ctimeNs}`, modifiedMs: Number(stats.mtimeMs) } : { text: `${file} -`, modifiedMs: 0 };
}
