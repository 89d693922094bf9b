import type { FileHandle } from 'node:fs/promises';
import { readlink, realpath, stat } from 'node:fs/promises';

const DELETED_SUFFIX = ' (deleted)';

/**
 * Where the file or folder behind an open descriptor is now, as the kernel resolves it, whatever symlinks or
 * swapped folders led to it: on Linux the descriptor's `/proc/self/fd` link; elsewhere (or without /proc) the
 * real path of `openedAs`, trusted only while it is still the descriptor's inode (dev+ino). Undefined when no
 * current name can be trusted: the file was removed, or the path now names another file.
 */
export async function realPathOfHandle(handle: FileHandle, openedAs: string): Promise<string | undefined> {
  const named = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
  if (named !== undefined && named.startsWith('/')) {
    if (!named.endsWith(DELETED_SUFFIX)) return named;
    // A name that really ends so is still linked; a removed file has no name left.
    return (await handle.stat()).nlink > 0 ? named : undefined;
  }
  try {
    const [real, opened] = await Promise.all([realpath(openedAs), handle.stat()]);
    const now = await stat(real);
    return now.dev === opened.dev && now.ino === opened.ino ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A path that names the folder behind `handle` itself, so that what is created or renamed through it lands
 * in that folder even if its path is swapped meanwhile: `/proc/self/fd/N` on Linux. Undefined where the
 * platform has none (the caller then uses the folder's path and checks it again right before acting).
 */
export async function pinnedDirectoryPath(handle: FileHandle): Promise<string | undefined> {
  const pinned = `/proc/self/fd/${handle.fd}`;
  const target = await readlink(pinned).catch(() => undefined);
  return target?.startsWith('/') ? pinned : undefined;
}
