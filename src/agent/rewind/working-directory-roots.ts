import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { RootSnapshot } from '../../checkpoints/types.ts';

/**
 * The folders a rewind of a stored session may write in (and a listing record): the project root, the
 * session's cwd when it is inside the project, and `given` (the agent's cwd and additional working
 * directories, or what the caller knows them to be). A transcript is a file of the project that anyone who
 * can write there (a cloned repository shipping one, a tool) can change: what it says names no folder
 * outside the project, nor in the user's `.git` or `.codev`.
 */
export function sessionWorkingDirectories(options: { projectRoot: string; cwd?: string; given?: readonly string[] }): string[] {
  const folders = [options.projectRoot, ...(options.given ?? [])];
  const { cwd } = options;
  if (cwd === undefined) return folders;
  const relative = path.relative(realFolder(options.projectRoot), realFolder(cwd));
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) && !relative.split(path.sep).some((part) => part === '.git' || part === '.codev');
  return inside ? [...folders, cwd] : folders;
}

/**
 * The roots of a checkpoint that are none of `workingDirectories` (compared as the folders they really are,
 * links resolved: a link in the project to another folder is that other folder). The checkpoint store
 * trusts the roots it is given; the roots of a checkpoint come from a transcript.
 */
export function rootsOutside(roots: readonly Pick<RootSnapshot, 'root'>[], workingDirectories: readonly string[]): string[] {
  const allowed = new Set(workingDirectories.map(realFolder));
  return roots.map((root) => root.root).filter((root) => !allowed.has(realFolder(root)));
}

/** A folder as it really is (links resolved); as written when it does not exist (a rewind may make it again). */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}
