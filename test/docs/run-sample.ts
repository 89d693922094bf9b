/**
 * Test-only: runs a runnable block of the docs for real, as its fixture (`test-fixtures/runs/NAME.json`) says:
 * the block saved as `file` in a fresh project of the built package, `command` run there (`codev` is this
 * repo's built bin) against a fake Messages server answering `replies`, with a temp folder of its own.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SESSION_OWNER_FILE } from '../../src/session/session-owner.ts';
import { createFakeMessagesServer, type FakeReply } from '../../src/testing/index.ts';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN, runProcess } from '../cli/run-codev.ts';
import { createSampleProject } from './create-sample-project.ts';

/** A runnable sample's fixture: where the block goes, the command that runs it, and each case to run it in. */
export interface RunFixture {
  /** The block's file in the project, e.g. `app.mjs`, `agent.ts`, `plugins/echo.ts`. */
  file: string;
  /** The command and its arguments; `codev` runs this repo's built bin. */
  command: string[];
  cases: RunCase[];
}

/** One run of a sample: what the fake model answers, and how the run must end. */
export interface RunCase {
  /** What the case is about, e.g. "the model answers", "the model refuses the key". */
  name: string;
  /** The fake model's replies, in request order. */
  replies: FakeReply[];
  exitCode: number;
  /** Texts stdout must contain, in this order. */
  stdout?: string[];
  /** Texts stderr must contain (error codes, not wording). */
  stderr?: string[];
  /** How many model requests the run must make. */
  requests?: number;
  /** Environment for this case: a name set to null is left unset (e.g. no key: `{ "ANTHROPIC_API_KEY": null }`). */
  env?: Record<string, string | null>;
  /** Why the run keeps its session folder on purpose (`codev tool` does, for the persisted output it printed). */
  keepsSessionFolder?: string;
}

/** How a runnable sample ended. */
export interface SampleRun {
  code: number | null;
  stdout: string;
  stderr: string;
  requests: number;
  /**
   * What the run left open: entries of its temp folder, and session folders (those holding codev's owner
   * marker) in the project or the temp folder, which closing the agent and the kernel removes.
   */
  leftOpen: string[];
}

const CACHES = [/^node-compile-cache$/, /^jiti$/, /^codev-import-probes-.*\.json$/];

/** Reads `test/docs/test-fixtures/runs/NAME.json`. */
export function readRunFixture(options: { repoRoot: string; name: string }): RunFixture {
  return JSON.parse(readFileSync(path.join(options.repoRoot, 'test/docs/test-fixtures/runs', `${options.name}.json`), 'utf8')) as RunFixture;
}

/** Runs the block `code` as the fixture says, in the case given, in a fresh project and temp folder. */
export async function runSample(options: { repoRoot: string; fixture: RunFixture; runCase: RunCase; code: string }): Promise<SampleRun> {
  const { fixture } = options;
  const project = createSampleProject({ repoRoot: options.repoRoot });
  const temp = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-docs-run-tmp-')));
  mkdirSync(path.dirname(path.join(project, fixture.file)), { recursive: true });
  writeFileSync(path.join(project, fixture.file), options.code);
  const server = await createFakeMessagesServer({ script: options.runCase.replies });
  try {
    const [program = '', ...args] = fixture.command;
    if (program !== 'codev' && program !== 'node') throw new Error(`${fixture.file}: a command starts with node or codev, not ${program}`);
    const run = await runProcess({
      command: process.execPath,
      args: program === 'codev' ? [BIN, ...args] : args,
      cwd: project,
      // The built package, as a user has it: not the sources the repo's tests run.
      env: { CODEV_FROM_SOURCE: undefined, TMPDIR: temp, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', ...caseEnvironment(options.runCase) },
      timeoutMs: 60_000,
    });
    // Caches meant to outlive the run: Node's compile cache (Node 22+, turned on by the bin), jiti's transpiled
    // scripts, codev's verdicts on which packages import cleanly.
    const inTemp = readdirSync(temp).filter((name) => !CACHES.some((cache) => cache.test(name))).map((name) => `$TMPDIR/${name}`);
    const sessionFolders = (options.runCase.keepsSessionFolder ? [] : [...sessionFoldersIn(project), ...sessionFoldersIn(temp)]).map((folder) => path.relative(project, folder));
    return { ...run, requests: server.requests.filter((request) => request.path === '/v1/messages').length, leftOpen: [...new Set([...inTemp, ...sessionFolders])] };
  } finally {
    await server.close();
  }
}

function caseEnvironment(runCase: RunCase): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(runCase.env ?? {}).map(([name, value]) => [name, value ?? undefined]));
}

function sessionFoldersIn(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === SESSION_OWNER_FILE) found.push(folder);
    else if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...sessionFoldersIn(path.join(folder, entry.name)));
  }
  return found;
}
