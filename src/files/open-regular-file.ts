import { constants, type Stats } from 'node:fs';
import { lstat, open, stat, type FileHandle } from 'node:fs/promises';
import { CodevError } from '../errors/codev-error.ts';

/** What a path that is not a regular file holds. */
export type NonRegularFileType = 'directory' | 'FIFO' | 'character device' | 'block device' | 'socket' | 'symbolic link' | 'special file';

/** A regular file open for reading, or what the path holds instead (with its stats, as found). */
export type OpenedFile = { ok: true; handle: FileHandle; stats: Stats } | { ok: false; type: NonRegularFileType; stats: Stats };

// O_NONBLOCK: opening a FIFO for reading blocks until a writer comes, and holds a libuv thread while it
// waits (four such opens stop every file read of the process). O_NOCTTY: a terminal never becomes ours.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** The kind of a file that is not regular, in words for a message. */
export function nonRegularFileType(stats: Stats): NonRegularFileType {
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'FIFO';
  if (stats.isCharacterDevice()) return 'character device';
  if (stats.isBlockDevice()) return 'block device';
  if (stats.isSocket()) return 'socket';
  // Only an lstat shows one (see `followLinks`).
  if (stats.isSymbolicLink()) return 'symbolic link';
  return 'special file';
}

/**
 * Opens `filePath` for reading only if it is a regular file, without ever blocking: a FIFO, a device, a
 * socket or a directory is answered with its type before a byte is read. The kind is decided by `fstat` of
 * the handle that is then read from, so a path swapped after the first look cannot slip through. Symlinks
 * are followed unless `followLinks: false`, which takes only the file the path itself names (lstat and
 * O_NOFOLLOW: a link, there first or swapped in since, is answered as a `symbolic link`). The caller closes
 * the handle. Errors other than "not a regular file" (ENOENT, EACCES...) are thrown as `open` throws them.
 */
export async function openRegularFile(filePath: string, options: { followLinks?: boolean } = {}): Promise<OpenedFile> {
  const followLinks = options.followLinks ?? true;
  // A first look refuses most non-regular files without opening them: opening a device can itself act
  // (a tape rewinds, a modem line hangs up).
  const before = await (followLinks ? stat : lstat)(filePath);
  if (!before.isFile()) return { ok: false, type: nonRegularFileType(before), stats: before };
  let handle: FileHandle;
  try {
    handle = await open(filePath, followLinks ? READ_FLAGS : READ_FLAGS | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A socket cannot be opened (ENXIO on Linux, EOPNOTSUPP on macOS): it replaced the file since the first look.
    if (code === 'ENXIO' || code === 'EOPNOTSUPP') return { ok: false, type: 'socket', stats: before };
    // O_NOFOLLOW met a link that replaced the file since (ELOOP on Linux, EMLINK on FreeBSD).
    if (!followLinks && (code === 'ELOOP' || code === 'EMLINK')) return { ok: false, type: 'symbolic link', stats: before };
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { ok: true, handle, stats };
    await handle.close();
    return { ok: false, type: nonRegularFileType(stats), stats };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/** The `FILE_NOT_REGULAR` error of a tool that only reads or writes regular files. */
export function notRegularFileError(filePath: string, type: NonRegularFileType): CodevError {
  return new CodevError('FILE_NOT_REGULAR', notRegularFileMessage(filePath, type), { file: filePath });
}

export function notRegularFileMessage(filePath: string, type: NonRegularFileType): string {
  return `${filePath} is a ${type}, not a regular file: file tools only read and write regular files.`;
}
