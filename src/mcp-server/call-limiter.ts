/** Lets at most `maxConcurrent` calls of a session run at once, with at most `maxQueued` waiting. */
export interface CallLimiter {
  /**
   * A turn to run: resolves with the function that gives it back once one is free; undefined at once when
   * the queue is full. A wait the signal aborts rejects with the signal's reason.
   */
  acquire(signal: AbortSignal): Promise<() => void> | undefined;
  readonly running: number;
}

export function createCallLimiter(options: { maxConcurrent: number; maxQueued: number }): CallLimiter {
  const { maxConcurrent, maxQueued } = options;
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const turn = (): (() => void) => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      release();
    };
  };
  return {
    get running() {
      return running;
    },
    acquire(signal) {
      if (running < maxConcurrent) {
        running++;
        return Promise.resolve(turn());
      }
      if (waiting.length >= maxQueued) return undefined;
      return new Promise((resolve, reject) => {
        // A turn handed over keeps `running` as is: the caller that released it stops, this one starts.
        const start = (): void => {
          signal.removeEventListener('abort', abort);
          resolve(turn());
        };
        const abort = (): void => {
          waiting.splice(waiting.indexOf(start), 1);
          reject(signal.reason);
        };
        waiting.push(start);
        signal.addEventListener('abort', abort, { once: true });
      });
    },
  };
}
