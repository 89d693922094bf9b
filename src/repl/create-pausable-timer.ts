/** A one-shot timeout that can be paused (nested pauses stack) and cleared. */
export interface PausableTimer {
  /** Stops the clock until the returned function is called (once; later calls do nothing). */
  pause(): () => void;
  clear(): void;
}

/**
 * Calls `onFire` once `ms` of unpaused time have passed. The REPL pauses it while a permission prompt
 * waits for the user, so the timeout bounds the code's own time, not the user's.
 */
export function createPausableTimer(options: { ms: number; onFire(): void }): PausableTimer {
  let remaining = options.ms;
  let startedAt = Date.now();
  let pauses = 0;
  let cleared = false;
  let handle: NodeJS.Timeout | undefined = setTimeout(options.onFire, remaining);
  const stop = () => {
    clearTimeout(handle);
    handle = undefined;
  };
  return {
    pause() {
      if (cleared) return () => undefined;
      if (pauses++ === 0) {
        stop();
        remaining -= Date.now() - startedAt;
      }
      let resumed = false;
      return () => {
        if (resumed || cleared) return;
        resumed = true;
        if (--pauses > 0) return;
        startedAt = Date.now();
        handle = setTimeout(options.onFire, Math.max(0, remaining));
      };
    },
    clear() {
      cleared = true;
      stop();
    },
  };
}
