/**
 * `codev fake-model -- <command>` stopped from outside while its command runs: the real CLI (bin/codev.mjs) in
 * a process of its own, off a terminal, so the command has a process group of its own that the signals reach.
 * Each command is a `sleep <n>` with an `n` of its own (found, and killed after a failure, by that command line).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { BIN, EMPTY_HOME } from '../cli/run-codev.ts';

/** A bound against a hang only: each process is expected to end long before. */
const WITHIN_MS = 20_000;

const sleeps: string[] = [];
afterEach(() => killAll(sleeps.flatMap((seconds) => processesWithArguments(['sleep', seconds]))));

/** Starts `codev fake-model -- <command>` (the command ends in `sleep <seconds>`) and waits until the sleep runs. */
async function startWithSleep(command: (seconds: string) => string[]) {
  const seconds = uniqueSeconds();
  sleeps.push(seconds);
  const child = spawn(process.execPath, [BIN, 'fake-model', '--', ...command(seconds)], { env: { PATH: process.env.PATH, HOME: EMPTY_HOME, TMPDIR: os.tmpdir(), CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const hang = setTimeout(() => child.kill('SIGKILL'), WITHIN_MS);
  void exited.then(() => clearTimeout(hang));
  expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length > 0, WITHIN_MS), output).toBe(true);
  const sleepGone = () => waitUntil(() => processesWithArguments(['sleep', seconds]).length === 0, WITHIN_MS);
  return { child, exited, sleepGone, output: () => output };
}

describe('codev fake-model -- command, stopped from outside', () => {
  it('SIGTERM reaches the command: both end, fake-model with 143', async () => {
    const run = await startWithSleep((seconds) => ['sleep', seconds]);
    run.child.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(143);
    expect(await run.sleepGone()).toBe(true);
  });

  it('SIGINT reaches the whole process group of the command, its own children included', async () => {
    const run = await startWithSleep((seconds) => ['sh', '-c', `sleep ${seconds}; echo after`]);
    run.child.kill('SIGINT');
    expect(await run.exited, run.output()).toBe(130);
    expect(await run.sleepGone()).toBe(true);
  });

  it('a command that ignores SIGTERM is killed with its group when fake-model is told to stop twice', async () => {
    const run = await startWithSleep((seconds) => ['sh', '-c', `trap '' TERM; sleep ${seconds}; echo after`]);
    run.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    run.child.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(143);
    expect(await run.sleepGone()).toBe(true);
  });

  it('a command killed by a signal ends fake-model with 128+n', async () => {
    const run = await startWithSleep((seconds) => ['sleep', seconds]);
    killAll(processesWithArguments(['sleep', sleeps.at(-1)!]));
    expect(await run.exited, run.output()).toBe(137);
  });
});

describe('codev fake-model -- command, killed with SIGKILL', () => {
  it('leaves no orphan: a watchdog kills the command\'s process group, and removes the codev shim, when fake-model dies without a word', async () => {
    const shims = () => new Set(readdirSync(os.tmpdir()).filter((name) => name.startsWith('codev-fake-model-')));
    const before = shims();
    const run = await startWithSleep((seconds) => ['sh', '-c', `sleep ${seconds}; echo after`]);
    const own = [...shims()].filter((name) => !before.has(name));
    expect(own).toHaveLength(1);
    run.child.kill('SIGKILL');
    await run.exited;
    expect(await run.sleepGone()).toBe(true);
    // Its folder of the codev shim (see fake-model-codev-shim.ts) goes too.
    expect(await waitUntil(() => !shims().has(own[0]!), WITHIN_MS)).toBe(true);
  });
});
