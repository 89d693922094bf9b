import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createCommandMarker, OWNER_MARKER_KEY } from './command-marker.ts';
import { findMarkedProcesses } from './find-marked-processes.ts';
import { killProcessTree } from './kill-process-tree.ts';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from './test-fixtures/processes-with-arguments.ts';

const started: number[] = [];
afterEach(() => killAll(started.splice(0)));

/** `sh -c script` in its own group, with `environment` added, as startShellProcess starts a command. */
function start(script: string, environment: Record<string, string>) {
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore', env: { ...process.env, ...environment } });
  started.push(child.pid!);
  const leaderExited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { pid: child.pid!, leaderExited };
}

/** Waits until `count` processes run `sleep <seconds>`, and keeps them for cleanup. */
async function sleeping(seconds: string, count: number): Promise<number[]> {
  expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length === count, 5_000)).toBe(true);
  const pids = processesWithArguments(['sleep', seconds]);
  started.push(...pids);
  return pids;
}

describe.runIf(process.platform === 'linux')('findMarkedProcesses', () => {
  it("lists the processes with a command's mark, also one that left the group, and only whole marks", async () => {
    const marker = createCommandMarker();
    const seconds = uniqueSeconds();
    const command = start(`setsid sleep ${seconds} & sleep ${seconds}`, marker.environment);
    // A look-alike: the mark under a longer name, and the mark's text as another variable's value.
    const lookalike = start(`exec sleep ${seconds}`, { [`X${OWNER_MARKER_KEY}`]: marker.id, OTHER: `${OWNER_MARKER_KEY}=${marker.id}` });
    const sleeps = await sleeping(seconds, 3);
    const found = findMarkedProcesses()!;
    expect(found.get(marker.id)?.sort()).toEqual([command.pid, ...sleeps.filter((pid) => pid !== lookalike.pid)].sort());
    expect([...found.values()].flat()).not.toContain(lookalike.pid);
    expect([...found.values()].flat()).not.toContain(process.pid);
  });
});

describe.runIf(process.platform === 'linux')('killProcessTree', () => {
  it('ends the group and what left it (setsid, nohup), and resolves only once all of it is gone', async () => {
    const marker = createCommandMarker();
    const seconds = uniqueSeconds();
    const command = start(`setsid sleep ${seconds} & nohup sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`, marker.environment);
    await sleeping(seconds, 3);
    const error = await killProcessTree({ pid: command.pid, leaderExited: command.leaderExited, markerId: marker.id });
    expect(error).toBeUndefined();
    expect(processesWithArguments(['sleep', seconds])).toEqual([]);
  });

  it('kills what ignores SIGTERM outside the group once the grace is over', async () => {
    const marker = createCommandMarker();
    const seconds = uniqueSeconds();
    const command = start(`setsid sh -c 'trap "" TERM; exec sleep ${seconds}' & wait`, marker.environment);
    await sleeping(seconds, 1);
    expect(await killProcessTree({ pid: command.pid, leaderExited: command.leaderExited, markerId: marker.id, graceMs: 50 })).toBeUndefined();
    expect(processesWithArguments(['sleep', seconds])).toEqual([]);
  });

  it('says PROCESS_KILL_FAILED, and no success, when something is still there after the sweep', async () => {
    const marker = createCommandMarker();
    const seconds = uniqueSeconds();
    const command = start(`setsid sh -c 'trap "" TERM; exec sleep ${seconds}' & wait`, marker.environment);
    const [survivor] = await sleeping(seconds, 1);
    // No time for SIGKILL rounds: the process that ignored SIGTERM is still there when the sweep ends.
    const error = await killProcessTree({ pid: command.pid, leaderExited: command.leaderExited, markerId: marker.id, graceMs: 0, sweepMs: 0 });
    expect(error?.code).toBe('PROCESS_KILL_FAILED');
    expect(processesWithArguments(['sleep', seconds])).toEqual([survivor]);
  });
});
