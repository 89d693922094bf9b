import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The live processes whose command line is exactly `argv` (zombies have none, so they are not listed). For tests. */
export function processesWithArguments(argv: readonly string[]): number[] {
  const wanted = `${argv.join('\0')}\0`;
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((name) => {
    try {
      return readFileSync(`/proc/${name}/cmdline`, 'latin1') === wanted;
    } catch {
      return false;
    }
  }).map(Number);
}

/** A number no other test uses, for `sleep <n>` commands a test can find again (and kill, only its own). */
export function uniqueSeconds(): string {
  return String(100_000_000 + Math.floor(Math.random() * 800_000_000));
}

/** Polls `condition` every 10 ms until it holds or `timeoutMs` passed; returns whether it held. */
export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= end) return false;
    await sleep(10);
  }
  return true;
}

/** SIGKILL to each pid, ignoring the gone ones: a test's cleanup of its own processes. */
export function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
