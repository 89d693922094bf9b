/** Waits `milliseconds`; resolves false at once when `signal` aborts first (or already has), else true. */
export function sleepUnlessAborted(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (slept: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      resolve(slept);
    };
    const aborted = () => done(false);
    const timer = setTimeout(() => done(true), milliseconds);
    signal.addEventListener('abort', aborted, { once: true });
  });
}
