/**
 * `codev rewind --to` stopped by signals once it printed its preview: Ctrl-C once stops it before the restore
 * or lets the restore finish (exit 130); Ctrl-C twice or a kill -9 may cut it short, and then the next
 * `codev rewind --list` finishes it.
 * Either way the files end as they were or as the checkpoint had them, never half-way. Real processes: codev
 * run against the fake Messages server in a git project with 300 files under src/ (which the agent deletes).
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, type FakeMessagesServer } from '../../src/testing/index.ts';
import { BIN, EMPTY_HOME, type ProcessRun } from '../cli/run-codev.ts';
import { AFTER, BEFORE, codevIn, createRewindProject, filesOf, rewindModel, sessionIn } from '../cli/test-fixtures/rewind-project.ts';

/** What an uninterrupted rewind took from its preview to its exit: the signals below land spread over it. */
let restoreMs = 0;

/** A bound against a hang only. */
const EXIT_WITHIN_MS = 30_000;
const EXTRA = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`src/gen/file-${index}.ts`, `export const value${index} = ${index};\n`.repeat(20)]));
const BEFORE_ALL = { ...BEFORE, ...EXTRA };
const AT_TURN_2 = { ...BEFORE_ALL, 'hello.txt': 'hello\n' };

let project: TempProject;
let server: FakeMessagesServer;
let codev: (args: string[]) => Promise<ProcessRun>;
let sessionId: string;

beforeAll(async () => {
  project = await createRewindProject({ extra: EXTRA });
  server = await createFakeMessagesServer({ script: rewindModel(project.root) });
  codev = codevIn(project.root, server.url);
  const run = await codev(['run', 'agent.ts', 'write hello', '--permission-mode', 'bypassPermissions']);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  sessionId = sessionIn(run.stderr)!;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await project?.cleanup();
});

/** Puts the files back as the agent left them (the session's last checkpoint), by hand. */
function resetToAfter(): void {
  rmSync(project.path('src'), { recursive: true, force: true });
  rmSync(project.path('a'), { force: true });
  for (const [file, content] of Object.entries(AFTER)) {
    mkdirSync(path.dirname(project.path(file)), { recursive: true });
    writeFileSync(project.path(file), content);
  }
}

/**
 * Starts `codev rewind SESSION --to 2 --force` (after the first rewind, the files put back by hand differ from
 * what the session last left), and once it printed its preview (the restore starts next) sends
 * `signals`, the first `afterMs` later, the others `gapMs` apart.
 */
async function interruptRewind(options: { signals: NodeJS.Signals[]; afterMs?: number; gapMs: number }): Promise<{ code: number | null; output: string; previewToExitMs: number }> {
  const child = spawn(process.execPath, [BIN, 'rewind', sessionId, '--to', '2', '--force', '--cwd', project.root], {
    env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const previewed = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Rewind of session')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    void exited.then(() => resolve());
  });
  const hang = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS);
  try {
    await previewed;
    const previewedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, options.afterMs ?? 0));
    for (const signal of options.signals) {
      if (child.exitCode !== null) break;
      child.kill(signal);
      await new Promise((resolve) => setTimeout(resolve, options.gapMs));
    }
    const code = await exited;
    return { code, output, previewToExitMs: performance.now() - previewedAt };
  } finally {
    clearTimeout(hang);
  }
}

describe('codev rewind --to stopped by signals', () => {
  it('uninterrupted, puts the files back as the checkpoint had them (and says how long the restore takes here)', { timeout: 120_000 }, async () => {
    resetToAfter();
    const { code, output, previewToExitMs } = await interruptRewind({ signals: [], gapMs: 0 });
    expect(code, output).toBe(0);
    expect(filesOf(project.root)).toEqual(AT_TURN_2);
    restoreMs = previewToExitMs;
  });

  it('one Ctrl-C stops it before the restore or lets the restore finish: the files are as before or as the checkpoint had them, exit 130', { timeout: 120_000 }, async () => {
    resetToAfter();
    const { code, output } = await interruptRewind({ signals: ['SIGINT'], gapMs: 0 });
    expect(code, output).toBe(130);
    // No codev rewind --list here: nothing is left for it to finish.
    expect([AFTER, AT_TURN_2]).toContainEqual(filesOf(project.root));
  });

  // Spread over the restore: from before it starts to after it ended (on this machine, a kill in the middle
  // of 300 files leaves some written and some not: only the journal puts them right).
  const SPREAD = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.1];
  it.each([
    ...SPREAD.map((share) => ({ signals: ['SIGKILL'] as NodeJS.Signals[], share })),
    ...[0.2, 0.5, 0.8].map((share) => ({ signals: ['SIGINT', 'SIGINT'] as NodeJS.Signals[], share })),
  ])('$signals at $share of the restore: after the next codev rewind --list the files are as before or as after, never half-way', { timeout: 120_000 }, async ({ signals, share }) => {
    resetToAfter();
    const { output } = await interruptRewind({ signals, afterMs: restoreMs * share, gapMs: 1 });
    const list = await codev(['rewind', sessionId, '--list']);
    expect({ code: list.code, stderr: list.stderr, output }).toMatchObject({ code: 0, stderr: '' });
    expect([AFTER, AT_TURN_2]).toContainEqual(filesOf(project.root));
  });
});
