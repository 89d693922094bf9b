/**
 * Test-only: runs a runnable block of the docs for real, as its fixture (`test-fixtures/runs/NAME.json`) says:
 * the block saved as `file` in a fresh project of the built package, `command` run there (`codev` is this
 * repo's built bin) against a fake Messages server answering `replies`, with a temp folder of its own.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFakeMessagesServer, type FakeReply } from '../../src/testing/index.ts';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN, runProcess } from '../cli/run-codev.ts';
import { createSampleProject } from './create-sample-project.ts';

/** A runnable sample's fixture. */
export interface RunFixture {
  /** The block's file name in the project, e.g. `app.mjs`, `agent.ts`. */
  file: string;
  /** The command and its arguments; `codev` runs this repo's built bin. */
  command: string[];
  /** The fake model's replies, in request order. */
  replies: FakeReply[];
  exitCode: number;
  /** Texts stdout must contain, in this order. */
  stdout?: string[];
  /** How many model requests the run must make. */
  requests?: number;
}

/** How a runnable sample ended. */
export interface SampleRun {
  fixture: RunFixture;
  code: number | null;
  stdout: string;
  stderr: string;
  requests: number;
  /** What the run left in its temp folder (it should close what it opened, and leave nothing). */
  leftInTemp: string[];
}

/** Runs the block `code` as the fixture `name` says. */
export async function runSample(options: { repoRoot: string; name: string; code: string }): Promise<SampleRun> {
  const fixture = JSON.parse(readFileSync(path.join(options.repoRoot, 'test/docs/test-fixtures/runs', `${options.name}.json`), 'utf8')) as RunFixture;
  const project = createSampleProject({ repoRoot: options.repoRoot });
  const temp = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-docs-run-tmp-')));
  writeFileSync(path.join(project, fixture.file), options.code);
  const server = await createFakeMessagesServer({ script: fixture.replies });
  try {
    const [program = '', ...args] = fixture.command;
    if (program !== 'codev' && program !== 'node') throw new Error(`${options.name}.json: a command starts with node or codev, not ${program}`);
    const run = await runProcess({
      command: process.execPath,
      args: program === 'codev' ? [BIN, ...args] : args,
      cwd: project,
      // The built package, as a user has it: not the sources the repo's tests run.
      env: { CODEV_FROM_SOURCE: undefined, TMPDIR: temp, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key' },
      timeoutMs: 60_000,
    });
    // Node's own compile cache (Node 22+, turned on by the bin) is not the sample's.
    const leftInTemp = readdirSync(temp).filter((name) => name !== 'node-compile-cache');
    return { fixture, ...run, requests: server.requests.filter((request) => request.path === '/v1/messages').length, leftInTemp };
  } finally {
    await server.close();
  }
}
