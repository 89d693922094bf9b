/** Resolves when `finished` settles, after `timeoutMs`, or when `signal` aborts: whichever comes first. */
export function waitForTask(options: { finished: Promise<void>; timeoutMs: number; signal?: AbortSignal }): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, options.timeoutMs);
    options.signal?.addEventListener('abort', done, { once: true });
    void options.finished.then(done, done);
    function done() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
