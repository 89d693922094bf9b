import path from 'node:path';
import { isPathInside } from '../files/is-path-inside.ts';

/** Directory names a write may never enter without an explicit prompt (except in bypassPermissions mode). */
const PROTECTED_DIRECTORIES = ['.git', '.codev', '.vscode', '.idea', '.husky', '.claude'];

/** Shell, git and package-manager rc files. */
export const RC_FILES: readonly string[] = [
  '.gitconfig',
  '.gitmodules',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.profile',
  '.envrc',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
];

/** The project's skills folder, under the working directory and the project root (`.codev/skills` is under `.codev`). */
export const PROJECT_SKILLS_FOLDER = 'skills';

/** codev's own configuration files (and the MCP server list). */
export const CODEV_CONFIG_FILES: readonly string[] = [
  '.mcp.json',
  'codev.config.ts',
  'codev.config.mts',
  'codev.config.js',
  'codev.config.mjs',
  'codev.config.json',
];

/** File names whose writes always ask: rc files and codev's config. */
const PROTECTED_FILES = new Set([...RC_FILES, ...CODEV_CONFIG_FILES]);

/**
 * Why a write to this path must be confirmed, or undefined. Protected: `.git` and friends anywhere in the
 * path, rc files, codev's config, the project's plugin directories (a plugin can grant permissions, so
 * writing one is a privilege escalation) and its skill folders (a skill's `allowed-tools` are granted while
 * it runs, so a skill the model wrote could grant itself anything), and the files hooks run (a hook runs
 * outside the sandbox). Checked on every path variant (the
 * link and its target).
 */
export function protectedPathReason(options: {
  target: string;
  pluginDirectories: readonly string[];
  skillDirectories?: readonly string[];
  /** Files hooks run or read (`ToolHook.protectedFiles`). */
  hookFiles?: readonly string[];
}): string | undefined {
  const segments = path.resolve(options.target).split(path.sep);
  const directory = segments.slice(0, -1).find((segment) => PROTECTED_DIRECTORIES.includes(segment));
  if (directory || PROTECTED_DIRECTORIES.includes(segments.at(-1) ?? '')) {
    return `${options.target} is inside a protected directory (${directory ?? segments.at(-1)})`;
  }
  const name = segments.at(-1) ?? '';
  if (PROTECTED_FILES.has(name) || name.startsWith('.codevrc')) return `${options.target} is a protected configuration file`;
  const pluginDirectory = options.pluginDirectories.find((directory) => isPathInside(options.target, directory));
  if (pluginDirectory) return `${options.target} is in the plugin directory ${pluginDirectory}; plugins can change permissions`;
  const skillDirectory = options.skillDirectories?.find((directory) => isPathInside(options.target, directory));
  if (skillDirectory) return `${options.target} is in the skills folder ${skillDirectory}; a skill's allowed-tools run without asking`;
  const resolved = path.resolve(options.target);
  if (options.hookFiles?.includes(resolved)) return `${options.target} is run by a hook; changing it changes what the hook does`;
  return undefined;
}
