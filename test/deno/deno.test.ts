/**
 * The public SDK under Deno 2 (the `deno` devDependency) and the examples under Node.
 *
 * Deno runs with an empty DENO_DIR and `--cached-only`, so every module comes from node_modules and nothing
 * can be fetched; the no-model example runs with `--deny-net` and the agent with `--allow-net=127.0.0.1`,
 * so the only network they can use is loopback. Every child must end on its own: one killed by the
 * timeout fails its test with the reason, since a lingering handle (e.g. a keep-alive socket) is a bug.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { runChild, type ChildRun } from '../run-child.ts';
import { findDenoBinary } from './find-deno.ts';
import { REWIND_APP_LINES } from './test-fixtures/rewind-app-lines.ts';
import { startRedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN_EXAMPLE = path.join(ROOT, 'examples/run.mjs');
const CHILD_TIMEOUT_MS = 45_000;
const TEST_TIMEOUT_MS = 60_000;
/** Loopback-only permissions for the agent: everything -A gives, except that the network is 127.0.0.1. */
const LOOPBACK_ONLY = ['--allow-read', '--allow-write', '--allow-env', '--allow-sys', '--allow-run', '--allow-net=127.0.0.1'];

let denoDir: string;
// The examples run agents on the repo's own kernel, which keeps their sessions in .codev/sessions/: the ones
// these tests made go afterwards, so a test run leaves nothing in the checkout.
const SESSIONS = path.join(ROOT, '.codev', 'sessions');
const sessionFiles = () => (existsSync(SESSIONS) ? readdirSync(SESSIONS) : []);
let before: Set<string>;
let hadCodevFolder: boolean;
beforeAll(() => {
  denoDir = mkdtempSync(path.join(os.tmpdir(), 'codev-deno-dir-'));
  before = new Set(sessionFiles());
  hadCodevFolder = existsSync(path.dirname(SESSIONS));
});
afterAll(() => {
  rmSync(denoDir, { recursive: true, force: true });
  for (const name of sessionFiles()) if (!before.has(name) && /^[0-9a-f-]{36}(\.jsonl|\.lock)?$/.test(name)) rmSync(path.join(SESSIONS, name), { recursive: true, force: true });
  // The store made .codev/sessions/ (and its .gitignore) for these tests: it goes too, unless something else is in it.
  if (!hadCodevFolder && sessionFiles().every((name) => name === '.gitignore')) {
    rmSync(path.join(SESSIONS, '.gitignore'), { force: true });
    for (const folder of [SESSIONS, path.dirname(SESSIONS)]) if (existsSync(folder) && readdirSync(folder).length === 0) rmdirSync(folder);
  }
});

/** Runs a child in the repo root with this process's environment minus the model settings, and Deno's cache in `denoDir`. */
function run(command: string, args: readonly string[], env: Record<string, string> = {}): Promise<ChildRun> {
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('ANTHROPIC_') && key !== 'CODEV_MODEL') base[key] = value;
  }
  return runChild(command, args, { cwd: ROOT, timeoutMs: CHILD_TIMEOUT_MS, env: { ...base, NO_COLOR: '1', DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', ...env } });
}

const deno = (args: readonly string[], env?: Record<string, string>) => run(findDenoBinary(), args, env);
const nodeExample = (args: readonly string[], env?: Record<string, string>) => run(process.execPath, [RUN_EXAMPLE, ...args], env);

/** The no-model example's output, by call: `{ 'allowed by a config rule': 'status: ok\ndecision: ...' }`. */
function sections(stdout: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const block of stdout.split(/^# /m).slice(1)) {
    const title = block.slice(0, block.indexOf(':'));
    result[title] = block;
  }
  return result;
}

/** A loopback port nothing listens on: one the system gave a server that is closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return port;
}

function jsonLines(stdout: string): Record<string, any>[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, any>;
      } catch {
        throw new Error(`Not a JSON line: ${line}\nstdout:\n${stdout}`);
      }
    });
}

describe('Deno', () => {
  it('the deno devDependency provides a binary that runs, at the pinned version', async () => {
    const pinned = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.deno;
    const result = await deno(['--version']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^deno ${pinned!.replace(/\./g, '\\.')} `));
  }, TEST_TIMEOUT_MS);

  it('runs examples/no-model.ts: the kernel, plugins, rules, hooks and runToolUse, with no network', async () => {
    const result = await deno(['run', '-A', '--deny-net', '--cached-only', 'examples/no-model.ts']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { stdout } = result;
    expect(stdout).toContain('config: codev.config.ts');
    expect(stdout).toMatch(/^plugins: .*\becho\b.*\bno-sudo\b.*\bsafety-rules\b/m);
    expect(stdout).toMatch(/^pool: .*\bDryRunShell\b.*\bEcho\b/m);
    expect(stdout).not.toContain('load error');
    const calls = sections(stdout);
    expect(calls['allowed by a config rule']).toContain('status: ok');
    expect(calls['allowed by a config rule']).toContain('decision: allow by config (rule "Echo" from project)');
    expect(calls['allowed by a config rule']).toContain('model reads: hello hello');
    expect(calls['denied by the safety rule plugin']).toContain('status: denied');
    expect(calls['denied by the safety rule plugin']).toContain('decision: deny by config (rule function of safety-rules:safety)');
    expect(calls['denied by the no-sudo hook']).toContain('status: denied');
    expect(calls['denied by the no-sudo hook']).toContain('decision: deny by hook (hook no-sudo:no-sudo: sudo is not allowed in this project)');
    expect(calls['a validation error']).toContain('status: invalid-input');
    expect(calls['a validation error']).toContain('decision: none');
    expect(calls['a validation error']).toContain('`times`');
    expect(calls['an ask answered by canUseTool']).toContain('canUseTool asked for DryRunShell');
    expect(calls['an ask answered by canUseTool']).toContain('decision: allow by user_temporary');
    expect(calls['an ask answered by canUseTool']).toContain('model reads: would run: ls -la');
  }, TEST_TIMEOUT_MS);

  it('runs the agent loop: a fake Messages API inside Deno, the real SDK, a plugin tool call, then text', async () => {
    const result = await deno(['run', ...LOOPBACK_ONLY, '--cached-only', 'test/deno/agent-under-deno.ts']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const events = jsonLines(result.stdout);
    const byType = (type: string) => events.filter((event) => event.type === type);
    expect(events[0]).toMatchObject({ type: 'runtime', deno: true, errors: [] });
    expect(events[0]!.tools).toContain('Echo');
    expect(byType('tool-call')).toEqual([{ type: 'tool-call', toolUseId: 'toolu_deno_1', toolName: 'Echo', input: { message: 'hi from deno', times: 2 } }]);
    expect(byType('tool-result')).toMatchObject([
      {
        toolUseId: 'toolu_deno_1',
        toolName: 'Echo',
        status: 'ok',
        isError: false,
        output: 'hi from deno\nhi from deno',
        decision: { behavior: 'allow', source: 'config', rule: 'Echo', ruleSource: 'project' },
      },
    ]);
    expect(byType('text-delta').map((event) => event.text).join('')).toBe('Let me echo that.Echo replied twice.');
    expect(byType('text').map((event) => event.text)).toEqual(['Let me echo that.', 'Echo replied twice.']);
    expect(byType('turn-start')).toHaveLength(2);
    expect(byType('error')).toEqual([]);
    expect(byType('end')).toMatchObject([{ reason: 'end_turn', turns: 2, messages: 4 }]);
    expect(byType('end')[0]!.usage.inputTokens).toBeGreaterThan(0);
    // The server saw two streamed requests with the Echo tool, the second carrying the tool result.
    expect(byType('requests')[0]!.requests).toEqual([
      { path: '/v1/messages', stream: true, tools: expect.arrayContaining(['Echo']), messages: 1 },
      { path: '/v1/messages', stream: true, tools: expect.arrayContaining(['Echo']), messages: 3 },
    ]);
  }, TEST_TIMEOUT_MS);

  it('records file checkpoints and rewinds an agent to turn 1 and back from the source (the JSR entry): git children, /proc/self/fd refused without -A', async () => {
    const result = await deno(['run', ...LOOPBACK_ONLY, '--cached-only', 'test/deno/test-fixtures/rewind-app.mjs']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)).toEqual(REWIND_APP_LINES);
  }, TEST_TIMEOUT_MS);

  it('runs a skill, a subagent and a deferred MCP tool from a real stdio server in one agent run', async () => {
    const result = await deno(['run', ...LOOPBACK_ONLY, '--cached-only', 'test/deno/subagents-under-deno.ts'], { CODEV_TEST_NODE: process.execPath });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const events = jsonLines(result.stdout);
    const results = events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => `${event.toolName}:${event.status}`)).toEqual(['Skill:ok', 'Agent:ok', 'ToolSearch:ok', 'mcp__everything__echo:ok']);
    expect(results[0]!.content).toContain('Say hello to Deno.');
    expect(results[1]!.content).toContain('There are 3 files.');
    expect(results[3]!.content).toBe('Echo: from deno');
    expect(events.find((event) => event.type === 'end')).toMatchObject({ reason: 'end_turn', turns: 5 });
    const subagent = events.find((event) => event.type === 'subagent')!;
    expect(subagent.system).toMatch(/You are a subagent[\s\S]*Working directory: .*codev-deno-subagents-/);
    // Its own pool: the MCP tools stay deferred behind ToolSearch, as in the main agent.
    expect(subagent.tools).toEqual(expect.arrayContaining(['Read', 'Skill', 'ToolSearch']));
    expect(subagent.tools).not.toContain('mcp__everything__echo');
  }, TEST_TIMEOUT_MS);

  it('runs a fleet job under Deno: submit, a worker, events and the result, on a real Redis', async () => {
    const redis = await startRedisServer();
    try {
      const result = await deno(['run', ...LOOPBACK_ONLY, '--cached-only', 'test/deno/fleet-under-deno.ts'], { CODEV_REDIS_URL: redis.url });
      expect(result.code, result.stderr).toBe(0);
      const [line] = jsonLines(result.stdout);
      expect(line).toMatchObject({ type: 'fleet', deno: true, result: { status: 'completed', text: 'done under deno', turns: 1 } });
      expect(line!.events[0]).toBe('job-start');
      expect(line!.events.slice(-2)).toEqual(['job-checkpoint', 'job-end']);
    } finally {
      await redis.stop();
    }
  }, TEST_TIMEOUT_MS);

  it('type-checks the examples and the SDK they import with Deno\'s own TypeScript (deno run does not)', async () => {
    const result = await deno(['check', '--cached-only', 'examples/no-model.ts', 'examples/agent.ts', 'test/deno/agent-under-deno.ts', 'test/deno/subagents-under-deno.ts', 'test/deno/fleet-under-deno.ts']);
    expect(result.code, result.stderr).toBe(0);
  }, TEST_TIMEOUT_MS);

  it('prints what to set and exits 1 for examples/agent.ts without a key', async () => {
    const result = await deno(['run', '-A', '--deny-net', '--cached-only', 'examples/agent.ts', 'hi']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('MODEL_NOT_CONFIGURED: No model API key: ANTHROPIC_API_KEY is not set');
    expect(result.stderr).toContain('ANTHROPIC_BASE_URL');
  }, TEST_TIMEOUT_MS);
});

describe('examples under Node', () => {
  let server: FakeMessagesServer;
  beforeAll(async () => {
    server = await createFakeMessagesServer({
      script: [toolUseReply('Echo', { message: 'node says hi', times: 2 }, { text: 'Echoing now.' }), textReply('It echoed twice.')],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('examples/no-model.ts prints the same as under Deno', async () => {
    const [node, underDeno] = await Promise.all([nodeExample(['examples/no-model.ts']), deno(['run', '-A', '--deny-net', '--cached-only', 'examples/no-model.ts'])]);
    expect(node.stderr).toBe('');
    expect(node.code).toBe(0);
    expect(node.stdout).toContain('decision: allow by config (rule "Echo" from project)');
    expect(node.stdout).toBe(underDeno.stdout);
  }, TEST_TIMEOUT_MS);

  it('examples/agent.ts with neither ANTHROPIC_API_KEY nor ANTHROPIC_BASE_URL says what to set and exits 1', async () => {
    const result = await nodeExample(['examples/agent.ts', 'hello']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'MODEL_NOT_CONFIGURED: No model API key: ANTHROPIC_API_KEY is not set',
      expect.stringMatching(/^ {2}fix: export ANTHROPIC_API_KEY=.*ANTHROPIC_BASE_URL=/),
    ]);
  }, TEST_TIMEOUT_MS);

  it('examples/agent.ts with ANTHROPIC_BASE_URL streams the scripted reply, the tool call and its result', async () => {
    const before = server.requests.length;
    const result = await nodeExample(['examples/agent.ts', 'Echo', 'node says hi', 'twice'], { ANTHROPIC_BASE_URL: server.url });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'Echoing now.',
      '→ Echo {"message":"node says hi","times":2}',
      '← Echo ok [allow by config rule Echo]: node says hi',
      '  node says hi',
      'It echoed twice.',
      expect.stringMatching(/^\[end: end_turn, 2 turn\(s\), \d+ input \/ \d+ output tokens\]$/),
      '',
    ]);
    const requests = server.requests.slice(before);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.body.messages).toEqual([{ role: 'user', content: 'Echo node says hi twice' }]);
  }, TEST_TIMEOUT_MS);

  it('examples/agent.ts exits 1 and says why when the model cannot be reached', async () => {
    const result = await nodeExample(['examples/agent.ts', 'hello'], { ANTHROPIC_BASE_URL: `http://127.0.0.1:${await closedPort()}`, CODEV_MAX_RETRIES: '0' });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/^\[end: error, /m);
    expect(result.stderr).toMatch(/^MODEL_[A-Z_]+: /m);
  }, TEST_TIMEOUT_MS);
});
