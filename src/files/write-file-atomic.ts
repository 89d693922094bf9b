import { constants, type Stats } from 'node:fs';
import { link, lstat, mkdir, open, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { fileIdentity, sameFileIdentity, type FileIdentity } from './file-identity.ts';
import { nonRegularFileType, notRegularFileError } from './open-regular-file.ts';
import { pinnedDirectoryPath, realPathOfHandle } from './real-path-of-handle.ts';
import { journalTempFile } from './temp-file-journal.ts';
import { tempPathFor } from './temp-path.ts';

/** Test seams: called at points where a real failure could happen. */
export interface AtomicWriteHooks {
  /** After the temp file is written and synced, before it replaces the target. Throwing aborts the write. */
  beforeRename?(tempPath: string): void | Promise<void>;
}

/**
 * Where a write to `filePath` should land: the final target of a symlink chain (so the link keeps
 * pointing at the updated file), or the path itself when nothing exists there yet.
 */
export async function resolveWriteTarget(filePath: string): Promise<string> {
  try {
    return await realpath(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const link = await lstat(filePath).catch(() => undefined);
  if (link?.isSymbolicLink()) {
    // A dangling link: create its target rather than replacing the link with a regular file.
    const target = path.resolve(path.dirname(filePath), await readlink(filePath));
    return resolveWriteTarget(target);
  }
  // The parent may itself be (or contain) a symlink; resolve what exists of it.
  const parent = path.dirname(filePath);
  if (parent === filePath) return filePath;
  return path.join(await resolveWriteTarget(parent), path.basename(filePath));
}

/** What `writeFileAtomic` wrote: the real path, and its mtime and size (what a read of it now would record). */
export interface WrittenFile {
  path: string;
  mtimeMs: number;
  size: number;
}

/**
 * Writes `data` to `filePath` atomically: a temp file in the same directory, fsync, the original's
 * mode, then a rename over the target. On any failure the temp file is removed and the original is
 * left exactly as it was. Symlinks are followed (the target is updated, the link kept). Missing
 * parent directories are created.
 *
 * - A target that exists and is not a regular file (a FIFO, a device, a socket, a directory) is refused
 *   with FILE_NOT_REGULAR: the rename would replace it.
 * - `expected`: what the target must still be right before the rename (the identity it had when it was
 *   read, or 'missing'); anything else fails with FILE_CONFLICT and writes nothing.
 * - `checkPlace`: told the real path the write will land at, as the kernel names the open folder (see
 *   realPathOfHandle): before the deepest existing folder gets new ones, once the folder is open, and again
 *   right before the rename; throwing aborts the write with nothing left. The temp file and the rename go
 *   through the open folder itself (`/proc/self/fd/N` on Linux), so a folder swapped for a symlink after the
 *   check cannot move the write elsewhere.
 * - The temp file is listed in the process's journal before it is created, so that a process killed
 *   before the rename leaves nothing behind for long (see removeLeftoverTempFiles).
 *
 * A file with several hard links is replaced, not rewritten in place: the other links keep the old content.
 */
export async function writeFileAtomic(
  filePath: string,
  data: Buffer | string,
  options: { hooks?: AtomicWriteHooks; expected?: FileIdentity | 'missing'; checkPlace?: (realPath: string | undefined) => void | Promise<void> } = {},
): Promise<WrittenFile> {
  const target = await resolveWriteTarget(filePath);
  const directory = path.dirname(target);
  const name = path.basename(target);
  const checkPlace = options.checkPlace ?? (() => {});
  if (!(await statIfPresent(directory))) {
    await checkPlace(await realPathBelowDeepestFolder(directory, name));
    await mkdir(directory, { recursive: true });
  }
  const folder = await open(directory, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    const landsAt = async () => {
      const real = await realPathOfHandle(folder, directory);
      return real === undefined ? undefined : path.join(real, name);
    };
    await checkPlace(await landsAt());
    // Everything below goes through the open folder: the checked one, whatever its path names by then.
    const at = (await pinnedDirectoryPath(folder)) ?? directory;
    const pinnedTarget = path.join(at, name);
    const existing = await statIfPresent(pinnedTarget);
    if (existing && !existing.isFile()) throw notRegularFileError(filePath, nonRegularFileType(existing));
    const tempName = path.basename(tempPathFor(target));
    const tempPath = path.join(at, tempName);
    const namedTempPath = path.join(directory, tempName);
    const journaled = await journalTempFile(namedTempPath);
    let created = false;
    try {
      // New files get 0o666 minus the umask, like any other new file; existing files keep their mode.
      const handle = await open(tempPath, 'wx', existing ? 0o600 : 0o666);
      created = true;
      let written: Stats;
      try {
        await handle.writeFile(data);
        await handle.sync();
        written = await handle.stat();
        if (existing) {
          await handle.chmod(existing.mode & 0o7777);
          // Keep the owner where we may (root editing someone's file); otherwise the writer owns the new inode.
          if (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.()) await handle.chown(existing.uid, existing.gid).catch(() => {});
        }
      } finally {
        await handle.close();
      }
      await options.hooks?.beforeRename?.(namedTempPath);
      if (options.expected) await checkUnchanged(pinnedTarget, options.expected, filePath);
      // The folder may have been moved since it was opened: it must still be where the check said.
      await checkPlace(await landsAt());
      if (options.expected === 'missing') await linkIfMissing({ tempPath, target: pinnedTarget, filePath });
      else await rename(tempPath, pinnedTarget);
      created = false;
      await folder.sync().catch(() => {}); // not every platform can fsync a directory; the rename itself is atomic
      // A rename keeps the inode's mtime and size: these are the target's now.
      return { path: target, mtimeMs: written.mtimeMs, size: written.size };
    } catch (error) {
      if (created) await unlink(tempPath).catch(() => {});
      throw error;
    } finally {
      journaled();
    }
  } finally {
    await folder.close();
  }
}

/** Where `directory/name` would really be once its missing folders are made: the deepest existing folder's real path, and the rest. */
async function realPathBelowDeepestFolder(directory: string, name: string): Promise<string | undefined> {
  let existing = directory;
  const missing = [name];
  while (!(await statIfPresent(existing))) {
    const parent = path.dirname(existing);
    if (parent === existing) return undefined;
    missing.unshift(path.basename(existing));
    existing = parent;
  }
  const folder = await open(existing, constants.O_RDONLY | constants.O_DIRECTORY).catch(() => undefined);
  if (!folder) return undefined;
  try {
    const real = await realPathOfHandle(folder, existing);
    return real === undefined ? undefined : path.join(real, ...missing);
  } finally {
    await folder.close();
  }
}

/**
 * Puts a new file in place only if nothing is there, in one step: a rename would replace a file another writer
 * created since the last check (two `codev init` at once), a hard link refuses it (EEXIST). Where links are not
 * supported (some network and FAT file systems), the rename after the check is the best there is.
 */
async function linkIfMissing(options: { tempPath: string; target: string; filePath: string }): Promise<void> {
  try {
    await link(options.tempPath, options.target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw conflictError(options.filePath);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS' && code !== 'EMLINK') throw error;
    await rename(options.tempPath, options.target);
    return;
  }
  await unlink(options.tempPath);
}

function conflictError(filePath: string): CodevError {
  return new CodevError('FILE_CONFLICT', `${filePath} was changed on disk by another program while this write was being prepared; nothing was written. Read it again before writing it.`, { file: filePath });
}

/** Compare-and-swap: the target is still the version that was read (or still absent), else FILE_CONFLICT. */
async function checkUnchanged(target: string, expected: FileIdentity | 'missing', filePath: string): Promise<void> {
  const now = await statIfPresent(target);
  const unchanged = expected === 'missing' ? now === undefined : now !== undefined && sameFileIdentity(expected, fileIdentity(now));
  if (unchanged) return;
  throw conflictError(filePath);
}

async function statIfPresent(target: string): Promise<Stats | undefined> {
  return stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}
