import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent, STANDALONE_SESSION_PREFIX } from '../../src/agent/create-agent.ts';
import { runCommand } from '../../src/cli/commands/run-command.ts';
import type { CommandIo } from '../../src/cli/commands/types.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { getSessionState } from '../../src/session/get-session-state.ts';
import { currentSessionOwner, SESSION_OWNER_FILE, type SessionOwner } from '../../src/session/session-owner.ts';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { bashTool } from '../../src/tools/Bash/index.ts';
import { persistBashOutput } from '../../src/tools/Bash/persist-bash-output.ts';
import { createFakeMessagesServer, createTestContext, createTestKernel, resultText, runTool, textReply, toolUseReply, type FakeMessagesServer, type FakeScript, type TestKernel } from '../../src/testing/index.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const mode = (file: string) => statSync(file).mode & 0o777;
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/codev.mjs');

/** `codev <args>` in a process of its own, which has exited when this resolves. */
function codev(args: string[], cwd: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

async function serve(script: FakeScript) {
  const server: FakeMessagesServer = await createFakeMessagesServer({ script, apiKey: 'test-key' });
  cleanups.push(() => server.close());
  return server;
}

async function temporaryDirectory() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'codev-sessions-test-'));
  cleanups.push(() => rm(directory, { recursive: true, force: true }));
  return directory;
}

async function drain(events: AsyncIterable<AgentEvent>) {
  const list: AgentEvent[] = [];
  for await (const event of events) list.push(event);
  return list;
}

/** A tool whose result is always over its 1,000-character threshold, so it is persisted. */
const big = withToolSource(
  buildTool({ name: 'Big', description: 'A large result', inputSchema: z.object({ tag: z.string() }), maxResultSizeChars: 1_000, call: ({ tag }) => ({ data: `${tag}:`.padEnd(5_000, tag) }) }),
  { type: 'builtin' },
);

/** The pid of a process that existed and was killed with SIGKILL: dead for sure. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const pid = child.pid!;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(pid, 'SIGKILL');
  await exited;
  return pid;
}

/** A live child process, killed after the test. */
async function livePid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  cleanups.push(async () => child.kill('SIGKILL'));
  return child.pid!;
}

async function leftover(parent: string, name: string, owner?: Partial<SessionOwner>) {
  const directory = path.join(parent, name);
  await mkdir(path.join(directory, 'tool-results'), { recursive: true });
  await writeFile(path.join(directory, 'tool-results', 'toolu_1.txt'), 'old output');
  if (owner) await writeFile(path.join(directory, SESSION_OWNER_FILE), JSON.stringify({ ...currentSessionOwner(), ...owner }));
  return directory;
}

describe('persisted tool results are private', () => {
  it('Bash outputs too, whether saved at the end or streamed while the command runs', async () => {
    const root = await temporaryDirectory();
    const kept = await persistBashOutput({ stdout: 'y'.repeat(40_000), stderr: '', sessionDirectory: path.join(root, 'session'), toolUseId: 'toolu_b' });
    expect(mode(kept.persistedOutputPath!)).toBe(0o600);
    expect(mode(path.dirname(kept.persistedOutputPath!))).toBe(0o700);
    expect(mode(path.join(root, 'session'))).toBe(0o700);
    const context = createTestContext({ tools: [bashTool] });
    const { result } = await runTool({ name: 'Bash', input: { command: 'seq 1 100000' }, context, canUseTool: () => ({ behavior: 'allow' }), id: 'toolu_streamed' });
    const streamed = (result.output as { persistedOutputPath?: string }).persistedOutputPath!;
    expect(statSync(streamed).size).toBeGreaterThan(256 * 1024);
    expect(mode(streamed)).toBe(0o600);
    expect(mode(path.dirname(streamed))).toBe(0o700);
  });
});

describe('a reused tool_use id', () => {
  it('in an agent whose proxy numbers ids per message: the second preview points at the second output', async () => {
    const server = await serve([toolUseReply('Big', { tag: 'one' }, { id: 'toolu_1' }), toolUseReply('Big', { tag: 'two' }, { id: 'toolu_1' }), textReply('done')]);
    const agent = createAgent({ tools: [big], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} });
    cleanups.push(() => agent.close());
    const results = (await drain(agent.query('go'))).flatMap((event) => (event.type === 'tool-result' ? [String(event.block.content)] : []));
    const files = results.map((text) => /Full output saved to: (\S+)/.exec(text)![1]!);
    expect(new Set(files).size).toBe(2);
    expect(readFileSync(files[0]!, 'utf8').startsWith('one:')).toBe(true);
    expect(readFileSync(files[1]!, 'utf8').startsWith('two:')).toBe(true);
  });

  it('in Bash: the second output does not overwrite the first', async () => {
    const context = createTestContext({ tools: [bashTool] });
    const allow = () => ({ behavior: 'allow' as const });
    const first = await runTool({ name: 'Bash', input: { command: 'seq 1 20000' }, context, canUseTool: allow, id: 'toolu_same' });
    const second = await runTool({ name: 'Bash', input: { command: 'seq 5 20000' }, context, canUseTool: allow, id: 'toolu_same' });
    const [one, two] = [first, second].map(({ result }) => (result.output as { persistedOutputPath: string }).persistedOutputPath);
    expect(two).not.toBe(one);
    expect(readFileSync(one!, 'utf8').startsWith('1\n')).toBe(true);
    expect(readFileSync(two!, 'utf8').startsWith('5\n')).toBe(true);
    expect(resultText(second.result)).toContain(two);
  });
});

describe('a session ends with its agent', () => {
  it('close() removes the session folder and releases its state, which nothing holds afterwards', async () => {
    const server = await serve([toolUseReply('Big', { tag: 'a' }), textReply('done')]);
    const agent = createAgent({ tools: [big], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} });
    const events = await drain(agent.query('go'));
    const file = /Full output saved to: (\S+)/.exec(events.flatMap((event) => (event.type === 'tool-result' ? [String(event.block.content)] : [])).join())![1]!;
    const sessionDirectory = path.dirname(path.dirname(file));
    expect(path.basename(sessionDirectory).startsWith(STANDALONE_SESSION_PREFIX)).toBe(true);
    expect(mode(sessionDirectory)).toBe(0o700);
    let state: object | undefined = getSessionState({ sessionDirectory });
    expect((state as ReturnType<typeof getSessionState>).loadedDeferredTools).toBeDefined();
    const released = new WeakRef(state);
    state = undefined;
    await agent.close();
    expect(existsSync(sessionDirectory)).toBe(false);
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // deref() keeps its target alive until the end of the current job: collect in a job of its own.
    const collected = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return released.deref() === undefined;
    };
    let gone = false;
    for (let round = 0; round < 5 && !gone; round++) gone = await collected();
    expect(gone).toBe(true);
  });

  it('agents on one kernel share its session: it ends with the last of them, under .codev/sessions', async () => {
    const test: TestKernel = await createTestKernel();
    cleanups.push(() => test.cleanup());
    const server = await serve(() => textReply('ok'));
    const options = { kernel: test.kernel, tools: [big], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} };
    const [first, second] = [createAgent(options), createAgent(options)];
    await drain(first.query('one'));
    await drain(second.query('two'));
    const sessions = path.join(test.root, '.codev', 'sessions');
    // Beside the session folder: the agents' transcripts (<id>.jsonl), which outlive it, and their locks (<id>.lock/) while they are open.
    const folders = () => readdirSync(sessions, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.endsWith('.lock')).map((entry) => entry.name);
    const [name] = folders();
    expect(folders()).toHaveLength(1);
    expect(readdirSync(sessions).filter((file) => file.endsWith('.jsonl')).sort()).toEqual([`${first.sessionId}.jsonl`, `${second.sessionId}.jsonl`].sort());
    expect(mode(sessions)).toBe(0o700);
    await first.close();
    expect(existsSync(path.join(sessions, name!))).toBe(true);
    await second.close();
    expect(existsSync(path.join(sessions, name!))).toBe(false);
  });

  it('`codev run`: the session folder is gone when the command returns', async () => {
    const test: TestKernel = await createTestKernel({ files: { 'agent.ts': "export default { prompt: 'go' };\n" } });
    cleanups.push(() => test.cleanup());
    const server = await serve([toolUseReply('Bash', { command: 'seq 1 20000' }), textReply('done')]);
    let out = '';
    const io: CommandIo = { cwd: test.root, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' }, stdout: (text) => (out += text), stderr: () => {}, readStdin: async () => '' };
    const code = await runCommand([path.join(test.root, 'agent.ts'), '--output-format', 'stream-json', '--permission-mode', 'bypassPermissions'], io);
    expect(code).toBe(0);
    const persisted = out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as AgentEvent).find((event) => event.type === 'tool-result');
    expect(JSON.stringify(persisted)).toContain('.codev/sessions/');
    // What stays is the persisted session: its transcript and its own folder of large results, which the transcript names.
    const sessions = path.join(test.root, '.codev', 'sessions');
    const transcripts = readdirSync(sessions).filter((file) => file.endsWith('.jsonl'));
    expect(transcripts).toHaveLength(1);
    const id = transcripts[0]!.replace('.jsonl', '');
    expect(readdirSync(sessions, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)).toEqual([id]);
    expect(JSON.stringify(persisted)).toContain(path.join(sessions, id, 'tool-results'));
  });
});

describe('folders left by dead processes', () => {
  it('`codev tool` keeps its folder (private, marked) so the path it prints stays readable, until the next codev start there', async () => {
    const test: TestKernel = await createTestKernel();
    cleanups.push(() => test.cleanup());
    const sessions = path.join(test.root, '.codev', 'sessions');
    const call = ['tool', 'Bash', JSON.stringify({ command: 'seq 1 20000' }), '--allow', 'Bash', '--json'];
    const first = await codev(call, test.root);
    expect(first.code).toBe(0);
    const [firstSession] = readdirSync(sessions);
    const printed = /(\/\S+\/bash\/\S+\.txt)/.exec((JSON.parse(first.stdout) as { content: string }).content)![1]!;
    expect(readFileSync(printed, 'utf8').startsWith('1\n2\n')).toBe(true);
    expect(mode(path.join(sessions, firstSession!))).toBe(0o700);
    expect(mode(printed)).toBe(0o600);
    expect(await codev(call, test.root)).toMatchObject({ code: 0 });
    const after = readdirSync(sessions);
    expect(after).toHaveLength(1);
    expect(after).not.toContain(firstSession);
  });


  it('are removed when the next agent starts there; a live owner, another host or an unmarked folder keeps its own', async () => {
    const test: TestKernel = await createTestKernel();
    cleanups.push(() => test.cleanup());
    const sessions = path.join(test.root, '.codev', 'sessions');
    const dead = await leftover(sessions, 'dead', { pid: await deadPid(), token: 'earlier' });
    const live = await leftover(sessions, 'live', { pid: await livePid(), token: 'other' });
    const elsewhere = await leftover(sessions, 'elsewhere', { pid: await deadPid(), hostname: 'another-host', token: 'other' });
    const unmarked = await leftover(sessions, 'unmarked');
    const server = await serve(() => textReply('ok'));
    const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} });
    cleanups.push(() => agent.close());
    await drain(agent.query('hi'));
    expect(existsSync(dead)).toBe(false);
    for (const kept of [live, elsewhere, unmarked]) expect(existsSync(kept), kept).toBe(true);
  });
});
