/** Runs reloads one at a time; requests that arrive meanwhile are merged into the next run. */
export interface ReloadQueue<Request, Result> {
  /** Queues a request; resolves with the result of the run that included it. */
  request(request: Request): Promise<Result>;
  /** Resolves when nothing is running or waiting. */
  idle(): Promise<void>;
}

export function createReloadQueue<Request, Result>(options: {
  merge(earlier: Request, later: Request): Request;
  run(request: Request): Promise<Result>;
}): ReloadQueue<Request, Result> {
  type Waiter = { resolve: (result: Result) => void; reject: (error: unknown) => void };
  let pending: { request: Request; waiters: Waiter[] } | undefined;
  let draining: Promise<void> | undefined;
  async function drain(): Promise<void> {
    while (pending) {
      const batch = pending;
      pending = undefined;
      try {
        const result = await options.run(batch.request);
        batch.waiters.forEach((waiter) => waiter.resolve(result));
      } catch (error) {
        batch.waiters.forEach((waiter) => waiter.reject(error));
      }
    }
    draining = undefined;
  }
  return {
    request(request) {
      return new Promise<Result>((resolve, reject) => {
        const waiter = { resolve, reject };
        pending = pending ? { request: options.merge(pending.request, request), waiters: [...pending.waiters, waiter] } : { request, waiters: [waiter] };
        draining ??= drain();
      });
    },
    idle: () => draining ?? Promise.resolve(),
  };
}
