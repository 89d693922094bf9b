import { readdir, readFile } from 'node:fs/promises';
import { vi } from 'vitest';

/** The PIDs (as this process sees them, outside any sandbox) whose command line is exactly `argv`. */
async function pidsOf(argv: readonly string[]): Promise<number[]> {
  const wanted = `${argv.join('\0')}\0`;
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline === wanted) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Starts a Bash call that sleeps for a unique duration through `call`, and finds its process by that command line
 * (the sandbox gives the shell a PID of its own namespace, so `$$` would not name it here).
 */
export async function startSleeper(call: (command: string) => Promise<unknown>): Promise<{ pid: number; settled: Promise<{ value?: unknown; error?: unknown }> }> {
  const argv = ['sleep', `60.${Math.floor(Math.random() * 1e9)}`];
  const settled = call(`exec ${argv.join(' ')}`).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  let pids: number[] = [];
  await vi.waitFor(async () => {
    pids = await pidsOf(argv);
    if (pids.length !== 1) throw new Error(`${pids.length} processes run ${argv.join(' ')}`);
  }, { timeout: 20_000, interval: 50 });
  return { pid: pids[0]!, settled };
}
