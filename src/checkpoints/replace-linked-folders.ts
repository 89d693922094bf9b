import { lstat, mkdir, unlink } from 'node:fs/promises';

/**
 * Makes each of `folders` (parents before children) a real folder: a link or file planted in its place is
 * removed (the link itself, never what it points to) and a private folder made, so nothing codev writes there
 * lands outside the store. A missing folder is made only when `create` is set.
 */
export async function replaceLinkedFolders(folders: readonly string[], options: { create: boolean }): Promise<void> {
  for (const folder of folders) {
    const found = await lstat(folder).catch(() => undefined);
    if (found?.isDirectory()) continue;
    if (found !== undefined) await unlink(folder);
    else if (!options.create) continue;
    await mkdir(folder, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}
