import { randomBytes } from 'node:crypto';
import { chmod, chown, lstat, mkdir, open, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

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

/**
 * Writes `data` to `filePath` atomically: a temp file in the same directory, fsync, the original's
 * mode, then a rename over the target. On any failure the temp file is removed and the original is
 * left exactly as it was. Symlinks are followed (the target is updated, the link kept). Missing
 * parent directories are created. Returns the path actually written.
 *
 * A file with several hard links is replaced, not rewritten in place: the other links keep the old content.
 */
export async function writeFileAtomic(filePath: string, data: Buffer | string, options: { hooks?: AtomicWriteHooks } = {}): Promise<string> {
  const target = await resolveWriteTarget(filePath);
  const directory = path.dirname(target);
  const existing = await stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.isDirectory()) throw new Error(`${filePath} is a directory`);
  if (!existing) await mkdir(directory, { recursive: true });
  const tempPath = path.join(directory, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let created = false;
  try {
    // New files get 0o666 minus the umask, like any other new file; existing files keep their mode.
    const handle = await open(tempPath, 'wx', existing ? 0o600 : 0o666);
    created = true;
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (existing) {
      await chmod(tempPath, existing.mode & 0o7777);
      // Keep the owner where we may (root editing someone's file); otherwise the writer owns the new inode.
      if (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.()) await chown(tempPath, existing.uid, existing.gid).catch(() => {});
    }
    await options.hooks?.beforeRename?.(tempPath);
    await rename(tempPath, target);
    created = false;
  } catch (error) {
    if (created) await unlink(tempPath).catch(() => {});
    throw error;
  }
  await syncDirectory(directory);
  return target;
}

async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not every platform can fsync a directory; the rename itself is still atomic.
  }
}
