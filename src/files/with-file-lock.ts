import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { acquireFileLock } from './acquire-file-lock.ts';
import { pinnedDirectoryPath, realPathOfHandle } from './real-path-of-handle.ts';
import { runExclusive } from './run-exclusive.ts';
import { resolveWriteTarget } from './write-file-atomic.ts';

/**
 * Runs `action` as the only writer of `filePath`'s real target: after every earlier write of it in this
 * process (runExclusive) and under its cross-process lock (acquireFileLock). Edit and Write read the file,
 * plan and write inside `action`, so a second writer plans against what the first one wrote. `action`
 * receives the real target path. The lock is made through the target's open folder, once `checkPlace` has
 * been told where that folder really is (see writeFileAtomic): a lock is a file too, and must not land
 * where the write may not.
 */
export async function withFileLock<T>(
  filePath: string,
  action: (target: string) => Promise<T>,
  options: { signal?: AbortSignal; checkPlace?: (realPath: string | undefined) => void | Promise<void> } = {},
): Promise<T> {
  // A path that cannot be resolved (a file in the way of a parent folder) fails in `action` with its own error.
  const target = await resolveWriteTarget(filePath).catch(() => path.resolve(filePath));
  return runExclusive(
    target,
    async () => {
      const folder = await openFolder(path.dirname(target));
      // No folder yet, no lock (as where none can be made): the write makes the folder and checks it.
      if (!folder) return action(target);
      try {
        const real = await realPathOfHandle(folder, path.dirname(target));
        await options.checkPlace?.(real === undefined ? undefined : path.join(real, path.basename(target)));
        const release = await acquireFileLock(target, { signal: options.signal, at: await pinnedDirectoryPath(folder) });
        try {
          return await action(target);
        } finally {
          await release();
        }
      } finally {
        await folder.close();
      }
    },
    options,
  );
}

/** The folder open as a descriptor, or undefined when it is missing (a new file's folder is made by the write). */
async function openFolder(directory: string): Promise<FileHandle | undefined> {
  return open(directory, constants.O_RDONLY | constants.O_DIRECTORY).catch(() => undefined);
}
