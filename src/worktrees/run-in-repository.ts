import { createSerialQueue } from './run-serially.ts';

const runSerially = createSerialQueue();

/**
 * Runs `work` once every earlier worktree addition or removal of the same repository (keyed by its common git
 * dir) in this process has settled. `git worktree add`, `git worktree remove` and `git branch -D` read every
 * worktree's admin files, and fail on a sibling half made or half removed.
 */
export function runInRepository<T>(commonDir: string, work: () => Promise<T>): Promise<T> {
  return runSerially(commonDir, work);
}
