/**
 * `codev run` stopped by a signal while a tool runs, as `docker stop` (SIGTERM) and Ctrl-C (SIGINT) stop it:
 * the real CLI (bin/codev.mjs) in a process of its own, against the fake Messages API on loopback, its
 * Bash tool in `sleep <n>` with an `n` of its own (found, and killed after a failure, by that command line).
 * `codev tool` stopped the same way cancels its call. The run must end with the signal's exit code, its open call answered in the transcript, its session
 * lock released, and the session must go on with `--resume`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import type { MessageEntry } from '../../src/transcripts/types.ts';
import { BIN, EMPTY_HOME, runCodev } from '../cli/run-codev.ts';

/** A bound against a hang only: the run is expected to end long before. */
const EXIT_WITHIN_MS = 20_000;

let project: TempProject;
let server: FakeMessagesServer;
const sleeps: string[] = [];

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'agent.ts': "export default { system: 'Be brief.' };\n" } });
  // A prompt names its sleep: the first request of it calls Bash, every later one (after the result, or on resume) ends.
  server = await createFakeMessagesServer({
    script: (request) => {
      const messages = request.body.messages ?? [];
      const seconds = /sleep (\d+)/.exec(JSON.stringify(messages[0]?.content ?? ''))?.[1];
      return messages.length === 1 && seconds ? toolUseReply('Bash', { command: `sleep ${seconds}` }) : textReply('done');
    },
  });
});
afterEach(() => killAll(sleeps.flatMap((seconds) => processesWithArguments(['sleep', seconds]))));
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

const environment = () => ({ ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0', CODEV_SANDBOX: '0', NO_COLOR: '1' });
const sessionsFolder = () => project.path('.codev/sessions');

/** Starts `codev <args>`, waits until it runs `sleep <seconds>`, sends `signal`; resolves with how it ended. */
async function signalWhileSleeping(options: { args: string[]; seconds: string; signal: NodeJS.Signals }) {
  sleeps.push(options.seconds);
  const child = spawn(process.execPath, [BIN, ...options.args], {
    cwd: project.root,
    env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, ...environment() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, how) => resolve({ code, signal: how })));
  const hang = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS);
  try {
    expect(await waitUntil(() => processesWithArguments(['sleep', options.seconds]).length > 0, EXIT_WITHIN_MS), output).toBe(true);
    child.kill(options.signal);
    return { ...(await exited), output };
  } finally {
    clearTimeout(hang);
  }
}

/** The messages of the session whose first prompt names `sleep <seconds>`, and its id. */
function sessionOf(seconds: string): { id: string; messages: MessageEntry['message'][] } {
  for (const name of readdirSync(sessionsFolder()).filter((file) => file.endsWith('.jsonl'))) {
    const lines = readFileSync(path.join(sessionsFolder(), name), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; message?: MessageEntry['message'] });
    const messages = lines.flatMap((line) => (line.type === 'message' && line.message ? [line.message] : []));
    if (JSON.stringify(messages[0]?.content).includes(`sleep ${seconds}`)) return { id: name.replace(/\.jsonl$/, ''), messages };
  }
  throw new Error(`no session asked to sleep ${seconds}`);
}

describe('codev run stopped by a signal while a tool runs', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s: exit %i, the call answered, no lock left, and --resume goes on', async (signal, exitCode) => {
    const seconds = uniqueSeconds();
    const run = await signalWhileSleeping({ args: ['run', project.path('agent.ts'), `please sleep ${seconds}`, '--permission-mode', 'bypassPermissions', '--output-format', 'stream-json'], seconds, signal });
    expect({ code: run.code, signal: run.signal }, run.output).toEqual({ code: exitCode, signal: null });
    expect(processesWithArguments(['sleep', seconds])).toEqual([]);

    const session = sessionOf(seconds);
    expect(existsSync(path.join(sessionsFolder(), `${session.id}.lock`))).toBe(false);
    const lastToolUse = session.messages.flatMap((message) => (message.role === 'assistant' && Array.isArray(message.content) ? message.content.filter((block) => block.type === 'tool_use') : [])).at(-1);
    expect(lastToolUse).toBeDefined();
    const answered = session.messages.some((message) => message.role === 'user' && Array.isArray(message.content) && message.content.some((block) => block.type === 'tool_result' && block.tool_use_id === lastToolUse!.id));
    expect(answered).toBe(true);

    const requestsBefore = server.requests.length;
    const resumed = await runCodev(['run', project.path('agent.ts'), 'go on', '--resume', session.id, '--output-format', 'stream-json'], environment());
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(server.requests.length).toBe(requestsBefore + 1);
    expect(JSON.parse(resumed.stdout.trim().split('\n').at(-1)!)).toMatchObject({ type: 'end', reason: 'end_turn' });
  });
});

describe('codev tool stopped by a signal while the call runs', () => {
  it('SIGTERM: the call is cancelled, its command stopped, exit 143', async () => {
    const seconds = uniqueSeconds();
    const run = await signalWhileSleeping({ args: ['tool', 'Bash', JSON.stringify({ command: `sleep ${seconds}` }), '--permission-mode', 'bypassPermissions'], seconds, signal: 'SIGTERM' });
    expect({ code: run.code, signal: run.signal }, run.output).toEqual({ code: 143, signal: null });
    expect(processesWithArguments(['sleep', seconds])).toEqual([]);
  });
});
