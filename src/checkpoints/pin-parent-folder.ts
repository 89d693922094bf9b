import { constants } from 'node:fs';
import { lstat, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { pinnedDirectoryPath } from '../files/real-path-of-handle.ts';

/** A file's folder held open, so a link swapped in for it (or a folder above) cannot redirect what is done in it. */
export interface PinnedFolder {
  /** The folder's path: `/proc/self/fd/<n>` on Linux (the open folder itself, whatever its names become). */
  path: string;
  close(): Promise<void>;
}

/**
 * Linux names every open file in /proc/self/fd (paths through it reach the open folder, as `openat` would), unless
 * /proc is missing or the runtime refuses it (Deno without --allow-all throws NotCapable even for existsSync):
 * known at the first folder opened, by the same probe the file writes use. Elsewhere, each folder is checked by lstat.
 */
let pinning: boolean | undefined = process.platform === 'linux' ? undefined : false;
const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY;
const NO_LINK_FLAGS = FOLDER_FLAGS | (constants.O_NOFOLLOW ?? 0);

async function makeFolder(folder: string): Promise<void> {
  await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

/**
 * The folder that holds `name` under `root`, reached one component at a time without following a link (each
 * made when missing and `create` is set); undefined when something else than a folder is in the way. On
 * Linux each component is opened (O_NOFOLLOW) relative to the one above it, so the check and the work that
 * follows cannot be split by a swap; elsewhere each is checked by lstat (a narrow race remains).
 */
export async function pinParentFolder(root: string, name: string, options: { create: boolean }): Promise<PinnedFolder | undefined> {
  const parts = name.split('/').slice(0, -1);
  if (pinning === false) return pinByPath(root, parts, options);
  let handle = await open(root, FOLDER_FLAGS);
  pinning ??= (await pinnedDirectoryPath(handle)) !== undefined;
  if (!pinning) {
    await handle.close();
    return pinByPath(root, parts, options);
  }
  try {
    for (const part of parts) {
      const next = path.join(`/proc/self/fd/${handle.fd}`, part);
      if (options.create) await makeFolder(next);
      const opened = await open(next, NO_LINK_FLAGS).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'ELOOP') return undefined;
        throw error;
      });
      await handle.close();
      if (opened === undefined) return undefined;
      handle = opened;
    }
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  const held = handle;
  return { path: `/proc/self/fd/${held.fd}`, close: () => held.close() };
}

/** Where /proc/self/fd cannot be used: each component checked by lstat (a narrow race remains). */
async function pinByPath(root: string, parts: readonly string[], options: { create: boolean }): Promise<PinnedFolder | undefined> {
  let folder = root;
  for (const part of parts) {
    folder = path.join(folder, part);
    if (options.create && (await lstat(folder).catch(() => undefined)) === undefined) await makeFolder(folder);
    if (!(await lstat(folder).catch(() => undefined))?.isDirectory()) return undefined;
  }
  return { path: folder, close: async () => {} };
}
