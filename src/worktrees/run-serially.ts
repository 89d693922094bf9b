/**
 * A queue per key: `run(key, work)` starts `work` once every earlier work of the same key has settled, so
 * steps that git would race on (the repository's worktree list, `info/exclude`) run one at a time per
 * repository in this process. A failed work does not block the next one.
 */
export function createSerialQueue(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return function runSerially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (tails.get(key) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
