import path from 'node:path';
import { acquireFileLock } from './acquire-file-lock.ts';
import { runExclusive } from './run-exclusive.ts';
import { resolveWriteTarget } from './write-file-atomic.ts';

/**
 * Runs `action` as the only writer of `filePath`'s real target: after every earlier write of it in this
 * process (runExclusive) and under its cross-process lock (acquireFileLock). Edit and Write read the file,
 * plan and write inside `action`, so a second writer plans against what the first one wrote. `action`
 * receives the real target path.
 */
export async function withFileLock<T>(filePath: string, action: (target: string) => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
  // A path that cannot be resolved (a file in the way of a parent folder) fails in `action` with its own error.
  const target = await resolveWriteTarget(filePath).catch(() => path.resolve(filePath));
  return runExclusive(
    target,
    async () => {
      const release = await acquireFileLock(target, options);
      try {
        return await action(target);
      } finally {
        await release();
      }
    },
    options,
  );
}
