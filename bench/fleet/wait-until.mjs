/**
 * Bounded waits for the fleet bench: every wait has a deadline and says what it waited for when it runs
 * out. Not run on its own.
 */

/** Resolves with `promise`, or rejects after `timeoutMs` naming `what`. */
export function withTimeout(promise, timeoutMs, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`fleet bench: ${what} did not happen within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls `check` every `intervalMs` until it returns a truthy value (which is returned), for at most `timeoutMs`. */
export async function waitUntil(check, { timeoutMs, intervalMs = 10, what }) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`fleet bench: ${what} did not happen within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

export function sleep(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
