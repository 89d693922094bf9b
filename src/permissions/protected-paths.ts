import path from 'node:path';
import { CODEV_FOLDER, CONFIG_FILE_NAMES, INSTRUCTION_FILES, MCP_CONFIG_FILE, PROJECT_SKILL_FOLDERS } from '../files/codev-files.ts';
import { isNormalizedPathInside } from '../files/is-path-inside.ts';
import { lstatIfPresent } from '../files/lstat-if-present.ts';
import type { ToolHook } from '../hooks/types.ts';
import { discoveredPlacesOf } from './protected/discovered-places.ts';
import { gitPlacesOf } from './protected/git-places.ts';
import { linkedPlacesOf } from './protected/linked-places.ts';
import { loadedFolderReason } from './protected/loaded-folder-reason.ts';
import { nestedPlacesOf } from './protected/nested-places.ts';
import { pluginEntryPlaces } from './protected/plugin-entry-places.ts';

/** Folder names a write may never enter without an explicit prompt, at any depth (except in bypassPermissions mode). */
export const PROTECTED_FOLDER_NAMES: readonly string[] = ['.git', CODEV_FOLDER, '.vscode', '.idea', '.husky', '.claude'];

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

/** File names whose writes always ask, at any depth: rc files, codev's config and the MCP server list. */
const PROTECTED_FILE_NAMES = new Set([...RC_FILES, ...CONFIG_FILE_NAMES, MCP_CONFIG_FILE]);

/** Instruction file names, lower-cased: on a case-insensitive disk `claude.md` is CLAUDE.md. */
const INSTRUCTION_NAMES = new Set(INSTRUCTION_FILES.map((name) => name.toLowerCase()));

/** A file or folder (it may not exist yet) whose change would change what codev loads or runs outside the sandbox. */
export interface ProtectedPlace {
  /** Absolute. */
  path: string;
  /** Why, in words: "codev's config", "a plugin folder"… */
  why: string;
  /**
   * A script a command runs, guessed from its words: protected itself, never what is below it (a folder
   * named in `cd "$CODEV_PROJECT_DIR" && …` stays writable).
   */
  file?: boolean;
  /** One of the config file names: once a config file exists, a second one is refused when loading. */
  config?: boolean;
  /** A git directory found through a `.git` file or `commondir`: the sandbox keeps its internals, not all of it. */
  repository?: boolean;
  /**
   * A working directory, below which skill and plugin folders are protected at any depth (see
   * `loadedFolderReason`); `unrooted` when no project root is above it. Not the folder itself: the sandbox,
   * which protects paths, not names, skips these.
   */
  loadsFolders?: 'rooted' | 'unrooted';
}

/** How many nested repositories' configurations are read per decision: a bound, not a budget. */
const MAX_NESTED_REPOSITORIES = 50;

/** What a context knows of the project, for {@link protectedPlacesOf}. */
export interface ProtectionContext {
  cwd: string;
  projectRoot?: string;
  /** Directories besides `cwd` the session may write in. */
  additionalWorkingDirectories?: readonly string[];
  /** Where the config is searched (cwd up to the project root). Default: cwd and the project root. */
  configDirectories?: readonly string[];
  pluginDirectories?: readonly string[];
  /** Plugin files the config lists outside the plugin folders. */
  pluginFiles?: readonly string[];
  hooks?: readonly ToolHook[];
  /** Other files that run outside the sandbox (an MCP stdio server's script). */
  protectedFiles?: readonly string[];
}

/** The parts of a tool-use context {@link protectedPlacesOf} reads (picked, not spread: a context is large). */
export function protectionContextOf(context: ProtectionContext & { permissionContext: { additionalWorkingDirectories: readonly string[] } }): ProtectionContext {
  return {
    cwd: context.cwd,
    projectRoot: context.projectRoot,
    additionalWorkingDirectories: context.permissionContext.additionalWorkingDirectories,
    configDirectories: context.configDirectories,
    pluginDirectories: context.pluginDirectories,
    pluginFiles: context.pluginFiles,
    hooks: context.hooks,
    protectedFiles: context.protectedFiles,
  };
}

/**
 * Every place, existing or not, whose change would change what codev loads or what runs outside the
 * sandbox: a config file in each directory the config is searched in, `.mcp.json`, `.codev/` (the local
 * settings, agent types, skills), the skill folders, `.git` and `.claude` of each working directory, the
 * plugin folders and the plugin files the config lists, the scripts hooks run and read, and other scripts
 * that run outside the sandbox (MCP stdio servers); the files and packages all of that code imports, git's
 * real places (see `discoveredPlacesOf`), the target of each place reached through a link (nested ones
 * too, see `nestedPlacesOf`), and each working directory as the place below which skill and plugin
 * folders are protected at any depth. The
 * permission check and the sandbox both protect these (the sandbox every one it can mount), each one
 * together with every folder above it (renaming a parent moves it).
 */
export function protectedPlacesOf(context: ProtectionContext): ProtectedPlace[] {
  const root = context.projectRoot ?? context.cwd;
  const projectDirectories = unique([context.cwd, root]);
  const workingDirectories = unique([...projectDirectories, ...(context.additionalWorkingDirectories ?? [])]);
  const places: ProtectedPlace[] = [
    ...(context.configDirectories ?? projectDirectories).flatMap((directory) => CONFIG_FILE_NAMES.map((name) => ({ path: path.join(directory, name), why: "codev's config", config: true }))),
    { path: path.join(root, MCP_CONFIG_FILE), why: 'the MCP server list' },
    // A package.json or .git between the working directory and the root would make it the project root.
    ...(context.configDirectories ?? []).filter((directory) => directory !== root).flatMap((directory) => [{ path: path.join(directory, 'package.json'), why: 'a project root marker' }]),
    ...projectDirectories.flatMap((directory) => [
      { path: path.join(directory, CODEV_FOLDER), why: "codev's settings, skills and agent types" },
      ...PROJECT_SKILL_FOLDERS.map((folder) => ({ path: path.join(directory, folder), why: "a skills folder (a skill's allowed-tools run without asking)" })),
    ]),
    ...workingDirectories.flatMap((directory) => [
      { path: path.join(directory, '.git'), why: "git's configuration and hooks" },
      { path: path.join(directory, '.claude'), why: "Claude Code's settings and hooks" },
    ]),
    ...(context.pluginDirectories ?? []).map((directory) => ({ path: directory, why: 'a plugin folder (plugins can change permissions)' })),
    ...(context.pluginFiles ?? []).flatMap(pluginEntryPlaces),
    ...(context.hooks ?? []).flatMap((hook) => hook.protectedFiles ?? []).map((file) => ({ path: file, why: 'run by a hook, outside the sandbox', file: true })),
    ...(context.protectedFiles ?? []).map((file) => ({ path: file, why: 'run outside the sandbox', file: true })),
  ];
  // Whatever name reaches a place, the OS writes its target: a linked `plugins/` protects where it leads.
  places.push(...linkedPlacesOf(places, { entries: true }));
  places.push(...discoveredPlacesOf({
    workingDirectories,
    configDirectories: context.configDirectories ?? projectDirectories,
    pluginDirectories: context.pluginDirectories ?? [],
    entryFiles: [...(context.pluginFiles ?? []), ...(context.hooks ?? []).flatMap((hook) => hook.protectedFiles ?? []), ...(context.protectedFiles ?? [])],
  }));
  const loadsFolders = workingDirectories.map((directory) => ({ path: directory, why: 'a folder codev loads code from when run there', loadsFolders: hasRootAbove(directory) ? ('rooted' as const) : ('unrooted' as const) }));
  places.push(...loadsFolders);
  // A nested link by a loaded name (`packages/app/plugins` → `vendor/`): its target carries no such name.
  const nested = nestedPlacesOf(workingDirectories, { unrooted: loadsFolders.some((place) => place.loadsFolders === 'unrooted') });
  places.push(...nested.filter((place) => place.linked).map((place) => ({ path: place.path, why: 'the target of a link named like a place codev loads from' })));
  // A nested repository's own real places (its separate store, core.hooksPath, included files, the programs
  // its config runs): git run in that folder uses them, and no name in their paths marks them.
  places.push(...nested.filter((place) => !place.linked && path.basename(place.path) === '.git').slice(0, MAX_NESTED_REPOSITORIES).flatMap((place) => gitPlacesOf(path.dirname(place.path))));
  const seen = new Set<string>();
  const key = (place: ProtectedPlace) => (place.loadsFolders ? `folders:${place.path}` : place.path);
  // Normalized once here, so that the checks can compare strings.
  return places.map((place) => ({ ...place, path: path.resolve(place.path) })).filter((place) => !seen.has(key(place)) && Boolean(seen.add(key(place))));
}

/**
 * Why a write to this path must be confirmed, or undefined. Protected: a protected folder name (`.git`,
 * `.codev`…) anywhere in the path, an rc file or codev config file name anywhere, a skill folder or a
 * root's plugin folder anywhere below a working directory (see `loadedFolderReason`), anything inside a
 * protected place, and every folder above a protected place (moving or removing a parent moves or removes
 * it: `mv .git .gold` or `rm -rf hooks` then a new one in its place). Checked on every path variant (the link
 * and its target) by the caller.
 */
export function protectedPathReason(target: string, places: readonly ProtectedPlace[]): string | undefined {
  const segments = path.resolve(target).split(path.sep);
  const folder = segments.find((segment) => PROTECTED_FOLDER_NAMES.includes(segment));
  if (folder) return `${target} is inside a protected directory (${folder})`;
  const name = segments.at(-1) ?? '';
  if (PROTECTED_FILE_NAMES.has(name) || name.startsWith('.codevrc')) return `${target} is a protected configuration file`;
  if (INSTRUCTION_NAMES.has(name.toLowerCase())) return `${target} is an instruction file (its text and includes are sent to the model)`;
  const resolved = path.resolve(target);
  for (const place of places) {
    if (place.loadsFolders) {
      const reason = resolved !== place.path && isNormalizedPathInside(resolved, place.path) ? loadedFolderReason(resolved, place.path, place.loadsFolders === 'unrooted') : undefined;
      if (reason) return reason;
      continue;
    }
    if (place.file ? resolved === place.path : isNormalizedPathInside(resolved, place.path)) return `${target} is ${place.path === resolved ? '' : 'inside '}${place.path}, ${place.why}`;
    if (isNormalizedPathInside(place.path, resolved)) return `${target} holds ${place.path}, ${place.why}; moving or removing it would let it be replaced`;
  }
  return undefined;
}

/** Whether `findProjectRoot` finds a root at or above `directory` (a package.json or .git). */
function hasRootAbove(directory: string): boolean {
  for (let current = directory; ; current = path.dirname(current)) {
    if (lstatIfPresent(path.join(current, 'package.json')) || lstatIfPresent(path.join(current, '.git'))) return true;
    if (path.dirname(current) === current) return false;
  }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
