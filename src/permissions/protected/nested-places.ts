import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CODEV_FOLDER, CONFIG_FILE_NAMES, MCP_CONFIG_FILE } from '../../files/codev-files.ts';
import { isRoot } from './loaded-folder-reason.ts';
import { realPathOf } from './real-path-of.ts';

/**
 * A found place; `repository` for a nested `.git` folder (the sandbox keeps its internals, so commits work),
 * `linked` for the target of a link by a loaded name (no name marks it: the permission check needs it too).
 */
export interface NestedPlace {
  path: string;
  repository?: boolean;
  linked?: boolean;
}

/** Folders codev or git load code or settings from, by name (`plugins` and `skills` are judged apart). */
const FOLDER_NAMES = new Set([CODEV_FOLDER, '.claude', '.husky', '.vscode', '.idea']);
const FILE_NAMES = new Set([...CONFIG_FILE_NAMES, MCP_CONFIG_FILE]);
/** A link by one of these names protects its target (a nested `plugins` linked to `vendor/`). */
const LINKED_NAMES = new Set([...FOLDER_NAMES, ...FILE_NAMES, 'plugins', 'skills']);
/** Never descended into: too large to walk, and what is in them is found another way. */
const SKIPPED = new Set(['node_modules', '.git']);
const MAX_DIRECTORIES = 3_000;
const MAX_DEPTH = 10;

/**
 * The places below the working directories that exist now and that a later `codev` or `git` run there
 * would load from: the `plugins` folder of a project root (of any folder when `unrooted`: no root above),
 * the skill folders in a `skills` folder, folders named `.codev`, `.claude`…, config files and `.mcp.json`,
 * nested repositories (`.git`), and the target of a link by one of those names. Links are not followed
 * further. For the sandbox, which protects paths, not names: one that does not exist yet cannot be
 * mounted, and is left to the permission check. Bounded (3,000 folders, 10 deep), breadth first, skipping
 * `node_modules`; remembered until one of the folders it listed changes. A root's marker files are looked
 * at when listed, so a package.json added later beside a `plugins/` is seen once that folder changes.
 */
export function nestedPlacesOf(workingDirectories: readonly string[], options: { unrooted?: boolean } = {}): NestedPlace[] {
  const key = `${options.unrooted ? 'unrooted' : 'rooted'}\0${workingDirectories.join('\0')}`;
  const hit = walks.get(key);
  if (hit && [...hit.folders].every(([folder, signature]) => signatureOf(folder) === signature)) return hit.places;
  const folders = new Map<string, string>();
  const places = walk(workingDirectories, options, folders);
  if (walks.size >= MAX_WALKS) walks.clear();
  walks.set(key, { folders, places });
  return places;
}

/** Walks remembered until a folder they listed changes (an entry added, removed or renamed changes its times). */
const walks = new Map<string, { folders: Map<string, string>; places: NestedPlace[] }>();
const MAX_WALKS = 16;

function signatureOf(folder: string): string {
  try {
    const stat = statSync(folder);
    return `${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}`;
  } catch {
    return '';
  }
}

function walk(workingDirectories: readonly string[], options: { unrooted?: boolean }, folders: Map<string, string>): NestedPlace[] {
  const places: NestedPlace[] = [];
  const queue = workingDirectories.map((directory) => ({ directory, depth: 0 }));
  for (let index = 0; index < queue.length && index < MAX_DIRECTORIES; index += 1) {
    const { directory, depth } = queue[index]!;
    folders.set(directory, signatureOf(directory));
    for (const entry of entriesOf(directory)) {
      const full = path.join(directory, entry.name);
      if (entry.name === '.git') {
        if (depth > 0) places.push(entry.isDirectory() ? { path: full, repository: true } : { path: full });
        continue;
      }
      if (entry.isSymbolicLink() && LINKED_NAMES.has(entry.name)) places.push({ path: realPathOf(full), linked: true });
      else if (entry.isDirectory() && FOLDER_NAMES.has(entry.name)) places.push({ path: full });
      // As the permission check judges them (see `loadedFolderReason`): a root's plugins, and skill folders.
      else if (entry.isDirectory() && entry.name === 'plugins' && (options.unrooted || isRoot(directory))) places.push({ path: full });
      else if (entry.isDirectory() && entry.name === 'skills') {
        folders.set(full, signatureOf(full));
        places.push(...entriesOf(full).filter((skill) => skill.isDirectory() || skill.isSymbolicLink()).map((skill) => ({ path: path.join(full, skill.name) })));
        queue.push({ directory: full, depth: depth + 1 });
      } else if (!entry.isDirectory() && FILE_NAMES.has(entry.name)) places.push({ path: full });
      else if (entry.isDirectory() && !SKIPPED.has(entry.name) && depth + 1 < MAX_DEPTH) queue.push({ directory: full, depth: depth + 1 });
    }
  }
  return places;
}

function entriesOf(directory: string) {
  try {
    return readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
}
