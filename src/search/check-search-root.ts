import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pinnedDirectoryPath, realPathOfHandle } from '../files/real-path-of-handle.ts';
import { checkOpenedFile } from '../permissions/opened-file-checks.ts';
import type { CheckedPath, ToolContext } from '../tool/types.ts';

/** A searched root once checked: the path to search it by, the way back to its name, and its release. */
export interface SearchRoot {
  /** The path a search opens (a child process included): the checked folder or file itself where the platform can name it. */
  searchAs: string;
  /** A path below `searchAs` as it is named below the root the call named. */
  named(file: string): string;
  close(): Promise<void>;
}

/**
 * Opens what Grep or Glob is about to search and checks it is what the permission decision judged (see
 * checkOpenedFile): a searched folder swapped for a symlink since the decision is refused with PATH_CHANGED
 * before anything is listed or read. The search then goes through the open descriptor
 * (`/proc/<pid>/fd/N` on Linux, which ripgrep can open too), so a folder swapped after the check cannot
 * send it elsewhere. Anything but a folder or a regular file is left to the search.
 */
export async function checkSearchRoot(context: ToolContext & { checkedPaths?: readonly CheckedPath[] }, root: string): Promise<SearchRoot> {
  const asNamed: SearchRoot = { searchAs: root, named: (file) => file, close: async () => {} };
  const first = await stat(root);
  if (!first.isDirectory() && !first.isFile()) return asNamed;
  const handle = await open(root, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stats = await handle.stat();
    await checkOpenedFile({ context, requested: root, real: await realPathOfHandle(handle, root), access: 'read', stats: stats.isFile() ? stats : undefined });
    // Named by this process's id, not /proc/self: ripgrep runs in a child process.
    const pinned = (await pinnedDirectoryPath(handle))?.replace('/proc/self/', `/proc/${process.pid}/`);
    if (pinned === undefined) {
      await handle.close();
      return asNamed;
    }
    return { searchAs: pinned, named: (file) => (file === pinned || file.startsWith(`${pinned}/`) ? `${root}${file.slice(pinned.length)}` : file), close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
