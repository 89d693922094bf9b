import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startExitWatchdog } from './start-exit-watchdog.ts';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from './test-fixtures/processes-with-arguments.ts';

const started: number[] = [];
afterEach(() => killAll(started.splice(0)));

/** The process group and session of a process (fields 5 and 6 of /proc/<pid>/stat). */
function groupAndSession(pid: number): [number, number] {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return [Number(fields[2]), Number(fields[3])];
}

describe.runIf(process.platform === 'linux')('startExitWatchdog', () => {
  it("kills every process with the mark once codev's end of the pipe closes, and nothing else", async () => {
    // A variable of this test's own, so the watchdog stands for a codev that is not this process.
    const key = `CODEV_OWNER_test${randomBytes(6).toString('hex')}`;
    const seconds = uniqueSeconds();
    const marked = spawn('sh', ['-c', `setsid sleep ${seconds} & exec sleep ${seconds}`], { detached: true, stdio: 'ignore', env: { ...process.env, [key]: 'a1' } });
    const lookalike = spawn('sleep', [seconds], { stdio: 'ignore', env: { ...process.env, [`${key}X`]: 'a1' } });
    started.push(marked.pid!, lookalike.pid!);
    expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length === 3, 5_000)).toBe(true);
    started.push(...processesWithArguments(['sleep', seconds]));
    const watchdog = startExitWatchdog({ key })!;
    started.push(watchdog.pid!);
    const exited = new Promise((resolve) => watchdog.once('exit', resolve));
    // Out of codev's group and session, so a Ctrl-C at the terminal does not end it first; without the mark.
    expect(groupAndSession(watchdog.pid!)).toEqual([watchdog.pid, watchdog.pid]);
    expect(readFileSync(`/proc/${watchdog.pid}/environ`, 'latin1')).not.toContain(`${key}=`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processesWithArguments(['sleep', seconds])).toHaveLength(3);
    watchdog.stdin!.end();
    expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length === 1, 5_000)).toBe(true);
    expect(processesWithArguments(['sleep', seconds])).toEqual([lookalike.pid]);
    await exited;
  });
});
