import path from 'node:path';
import { CONFIG_FILE_NAMES, MCP_CONFIG_FILE } from '../files/codev-files.ts';
import { PLUGIN_EXTENSIONS } from '../plugins/resolve-plugin-path.ts';
import { SKILL_FILE } from '../skills/discover-skills.ts';
import { isPluginFolderName, PLUGIN_SKILLS_FOLDER, PROJECT_SKILL_DIRECTORIES } from '../skills/find-skill-directories.ts';
import { AGENT_DIRECTORIES } from '../agent-types/discover-agent-types.ts';

/**
 * What a file event means for the kernel: the config, the local settings, a plugin's code, or a
 * definition read from disk at each use (a skill's SKILL.md, an agent's `agents/*.md`), which needs a new
 * generation (so sessions render the tool prompts again) but no plugin import.
 */
export type WatchedKind = 'config' | 'settings' | 'plugin' | 'skills' | 'agents';

/** What to watch, and how to read an event. */
export interface WatchPlan {
  /** The paths handed to the watcher (some may not exist yet). */
  readonly paths: readonly string[];
  /** What an event on `file` means, or undefined when it does not matter (an editor's temp file, a test). */
  classify(file: string, entry: 'file' | 'directory'): WatchedKind | undefined;
  /** For the watcher's `ignored`: true for what can never matter, so the walk skips it (no globs in chokidar 4). */
  ignored(file: string): boolean;
}

// package.json is no config source, but it marks the project root and its `codev` key is warned about.
const CONFIG_NAMES = new Set([...CONFIG_FILE_NAMES, 'package.json']);
const SOURCE_FILE = /\.([cm]?[jt]sx?|json)$/;
/** How deep inside a plugin folder to look: `<dir>/<name>/<sub>/<file>`. */
const MAX_PLUGIN_DEPTH = 3;

/**
 * The watch plan of a project: the config names in every directory the config is searched in (so a
 * config being created is seen), the local settings file, each plugin folder (its plugin files, and
 * `<name>/` folder plugins with their own files), each plugin file listed in the config, and the
 * definition folders: `skills/`, `.codev/skills/`, `agents/` and `.codev/agents/` of each project
 * directory, `<pluginDir>/skills/` and `<pluginDir>/<name>/skills/` (only `<skill>/SKILL.md` and the
 * skill folders matter there, so a skill's own scripts never reload anything).
 * Dotfiles, `node_modules`, tests and declaration files inside plugin folders never matter.
 */
export function createWatchPlan(options: {
  configDirectories: readonly string[];
  settingsFile: string;
  pluginDirectories: readonly string[];
  /** Every plugin file in use; those outside the plugin folders are watched on their own. */
  pluginFiles: readonly string[];
  /** The directories whose skill and agent folders are watched (the cwd and the project root). Default none. */
  projectDirectories?: readonly string[];
}): WatchPlan {
  const configDirectories = new Set(options.configDirectories);
  const pluginFiles = new Set(options.pluginFiles);
  const listed = options.pluginFiles.filter((file) => !options.pluginDirectories.some((directory) => segmentsInside(directory, file)));
  // A listed `index.ts` is a folder plugin: its folder counts like a `<dir>/<name>/` folder.
  const listedFolders = listed.filter(isIndexFile).map((file) => path.dirname(file));
  const projectDirectories = [...new Set(options.projectDirectories ?? [])];
  const projectSkillFolders = projectDirectories.flatMap((directory) => PROJECT_SKILL_DIRECTORIES.map((relative) => path.join(directory, relative)));
  // `<pluginDir>/skills` is walked through its plugin folder, which is watched anyway.
  const skillFolders = [...projectSkillFolders, ...options.pluginDirectories.map((directory) => path.join(directory, PLUGIN_SKILLS_FOLDER))];
  const agentFolders = projectDirectories.flatMap((directory) => AGENT_DIRECTORIES.map((relative) => path.join(directory, relative)));
  const roots = [...configDirectories, ...options.pluginDirectories, options.settingsFile, ...listed.filter((file) => !isIndexFile(file)), ...listedFolders, ...projectSkillFolders, ...agentFolders];
  const targets = [options.settingsFile, ...options.pluginDirectories, ...listed, ...listedFolders, ...projectSkillFolders, ...agentFolders];
  /** A skill or agent definition (checked before plugins: `<pluginDir>/<name>/skills/` is not plugin code). */
  function classifyDefinition(file: string, entry: 'file' | 'directory'): WatchedKind | undefined {
    for (const folder of skillFolders) {
      const segments = segmentsInside(folder, file);
      if (segments && isSkillEntry(segments, entry)) return 'skills';
    }
    for (const directory of options.pluginDirectories) {
      const segments = segmentsInside(directory, file);
      if (segments && segments.length >= 2 && segments[1] === PLUGIN_SKILLS_FOLDER && isPluginFolderName(segments[0]!) && isSkillEntry(segments.slice(2), entry)) return 'skills';
    }
    for (const folder of agentFolders) {
      const segments = segmentsInside(folder, file);
      if (segments && (segments.length === 0 ? entry === 'directory' : segments.length === 1 && entry === 'file' && segments[0]!.endsWith('.md') && !segments[0]!.startsWith('.'))) return 'agents';
    }
    return undefined;
  }
  function classify(file: string, entry: 'file' | 'directory'): WatchedKind | undefined {
    if (file === options.settingsFile) return 'settings';
    // `.mcp.json` sits next to the config; a change re-syncs the MCP servers with the config.
    if (entry === 'file' && configDirectories.has(path.dirname(file)) && (CONFIG_NAMES.has(path.basename(file)) || path.basename(file) === MCP_CONFIG_FILE)) return 'config';
    if (pluginFiles.has(file)) return 'plugin';
    const definition = classifyDefinition(file, entry);
    if (definition) return definition;
    for (const folder of listedFolders) {
      const segments = segmentsInside(folder, file);
      if (segments && segments.length > 0 && matters(segments, entry, 'folder')) return 'plugin';
    }
    for (const directory of options.pluginDirectories) {
      const segments = segmentsInside(directory, file);
      if (segments && matters(segments, entry, 'plugins')) return 'plugin';
    }
    return undefined;
  }
  // chokidar asks again for every entry each time it re-reads a folder (on every event inside it).
  const ignoredAnswers = new Map<string, boolean>();
  return {
    paths: [...new Set(roots)],
    classify,
    ignored(file) {
      if (pluginFiles.has(file)) return false;
      let answer = ignoredAnswers.get(file);
      if (answer === undefined) {
        answer = !(roots.includes(file) || targets.some((target) => target.startsWith(file + path.sep))) && classify(file, 'file') === undefined && classify(file, 'directory') === undefined;
        ignoredAnswers.set(file, answer);
      }
      return answer;
    },
  };
}

/** Inside a skills folder: the folder itself, a skill folder, or a skill's SKILL.md. */
function isSkillEntry(segments: readonly string[], entry: 'file' | 'directory'): boolean {
  if (segments.length === 0) return entry === 'directory';
  if (segments[0]!.startsWith('.') || segments[0] === 'node_modules') return false;
  if (segments.length === 1) return entry === 'directory';
  return segments.length === 2 && entry === 'file' && segments[1] === SKILL_FILE;
}

/**
 * Inside a plugin folder (`plugins`): a top-level plugin file, a top-level folder, or a source file in a
 * folder plugin. Inside a listed folder plugin (`folder`): its source files and sub-folders.
 */
function matters(segments: readonly string[], entry: 'file' | 'directory', scope: 'plugins' | 'folder'): boolean {
  if (segments.length === 0) return entry === 'directory';
  if (segments.length > MAX_PLUGIN_DEPTH || segments.some((segment) => segment.startsWith('.') || segment === 'node_modules')) return false;
  const name = segments[segments.length - 1]!;
  if (/\.(test|spec)\.[^.]+$/.test(name) || /\.d\.[cm]?ts$/.test(name)) return false;
  if (entry === 'directory') return true;
  if (scope === 'plugins' && segments.length === 1) return PLUGIN_EXTENSIONS.includes(path.extname(name));
  return SOURCE_FILE.test(name);
}

/** The path segments of `file` below `directory` ([] for the directory itself), or undefined if outside. */
function segmentsInside(directory: string, file: string): string[] | undefined {
  if (file === directory) return [];
  if (!file.startsWith(directory + path.sep)) return undefined;
  return file.slice(directory.length + 1).split(path.sep);
}

function isIndexFile(file: string): boolean {
  return /^index\.[cm]?[jt]s$/.test(path.basename(file));
}
