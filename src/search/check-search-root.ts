import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { realPathOfHandle } from '../files/real-path-of-handle.ts';
import { checkOpenedFile } from '../permissions/opened-file-checks.ts';
import type { CheckedPath, ToolContext } from '../tool/types.ts';

/**
 * Opens what Grep or Glob is about to search and checks it is what the permission decision judged (see
 * checkOpenedFile): a searched folder swapped for a symlink since the decision is refused with PATH_CHANGED
 * before anything is listed or read. Anything but a folder or a regular file is left to the search.
 */
export async function checkSearchRoot(context: ToolContext & { checkedPaths?: readonly CheckedPath[] }, root: string): Promise<void> {
  const first = await stat(root);
  if (!first.isDirectory() && !first.isFile()) return;
  const handle = await open(root, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stats = await handle.stat();
    await checkOpenedFile({ context, requested: root, real: await realPathOfHandle(handle, root), access: 'read', stats: stats.isFile() ? stats : undefined });
  } finally {
    await handle.close();
  }
}
