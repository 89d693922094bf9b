/**
 * The real Claude Code CLI (its native binary, pinned in test/interop/package.json) with `codev mcp serve` as its
 * MCP server: `claude -p` against the fake Messages server, whose scripted model calls `mcp__codev__Read` and
 * `mcp__codev__Bash`. What holds is judged by what Claude Code sent back to the model (the tool_result blocks the
 * fake server recorded) and by the project's files: the call reaches codev's tool, codev's deny rule holds though
 * Claude Code allowed the tool, an ask reaches Claude Code as an MCP elicitation (which `claude -p` cancels, and
 * which a Claude Code `Elicitation` hook can answer), a plugin added meanwhile reaches it (tools/list_changed), and
 * a sandboxed Bash cannot write outside the project; over stdio (Claude Code starts codev) and Streamable HTTP.
 * Loopback only; Claude Code runs with a temp HOME, no telemetry, no auto-updater and no other traffic.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { sandboxUnavailableReason } from '../../src/sandbox/is-sandbox-available.ts';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN } from '../cli/run-codev.ts';
import { findClaudeCode, type Found } from './find-interop-clients.ts';
import { installInteropClients } from './install-interop-clients.ts';
import { childPidsOf, isRunning } from './process-table.ts';
import { runClaudeCode, type ScriptedCall, type StdioServerEntry } from './run-claude-code.ts';
import { startCodevHttp } from './start-codev-http.ts';

const ANSWER_ELICITATION = path.join(import.meta.dirname, 'test-fixtures/answer-elicitation.mjs');
const REPO = path.resolve(import.meta.dirname, '../..');
const MARKER = 'interop marker 7c1e';
/** Claude Code asks before an MCP tool runs; these tests let it run every codev tool, so codev alone decides. */
const ALLOW_CODEV = ['--allowedTools', 'mcp__codev__*'];

let claudeCode: Found;

beforeAll(async () => {
  claudeCode = findClaudeCode(await installInteropClients());
}, 600_000);

/** Claude Code's binary; skips the test (saying why) only where Claude Code has no build for this platform. */
function claude(context: TestContext): string {
  if (claudeCode.path) return claudeCode.path;
  console.warn(`codev: the Claude Code interop tests are skipped on this machine: ${claudeCode.missing}`);
  return context.skip();
}

function makeProject(files: Record<string, string> = {}): string {
  const project = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-project-')));
  writeFileSync(path.join(project, 'notes.txt'), `${MARKER}\n`);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(project, file), text);
  return project;
}

/** `codev mcp serve --cwd <project> <flags>` as the `.mcp.json` entry a user writes (the CLI from the sources under vitest). */
function codevServer(project: string, flags: readonly string[] = []): StdioServerEntry {
  return { command: process.execPath, args: [BIN, 'mcp', 'serve', '--cwd', project, ...flags], env: { CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE ?? '' } };
}

function run(context: TestContext, options: { project: string; flags?: readonly string[]; calls: readonly ScriptedCall[]; args?: readonly string[] }) {
  return runClaudeCode({ claude: claude(context), cwd: options.project, server: codevServer(options.project, options.flags), calls: options.calls, args: options.args ?? ALLOW_CODEV });
}

/** A Claude Code settings JSON whose `Elicitation` hook answers every elicitation with `answer`, logging it. */
function elicitationHook(answer: 'once' | 'always' | 'decline'): { settings: string; log: string } {
  const log = path.join(removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-hook-'))), 'elicitations.jsonl');
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(ANSWER_ELICITATION)} ${JSON.stringify(log)} ${answer}`;
  return { settings: JSON.stringify({ hooks: { Elicitation: [{ hooks: [{ type: 'command', command }] }] } }), log };
}

function loggedElicitations(log: string): Record<string, any>[] {
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>) : [];
}

describe('Claude Code with codev mcp serve as its MCP server', () => {
  it("connects, lists codev's tools as mcp__codev__*, and the model's Read call reaches codev's Read", async (context) => {
    const project = makeProject();
    const { run: child, events, toolResults } = await run(context, { project, calls: [{ name: 'mcp__codev__Read', input: { file_path: path.join(project, 'notes.txt') } }] });
    expect(child.code, child.output).toBe(0);
    const init = events.find((event) => event.type === 'system' && event.subtype === 'init');
    expect(init?.mcp_servers).toEqual([expect.objectContaining({ name: 'codev', status: 'connected' })]);
    expect(init?.tools).toEqual(expect.arrayContaining(['mcp__codev__Read', 'mcp__codev__Bash', 'mcp__codev__Grep']));
    // Tools that only make sense inside codev's own agent loop are not served.
    expect(init?.tools).not.toContain('mcp__codev__Agent');
    expect(toolResults).toHaveLength(1);
    expect(toolResults[0]!.is_error).toBeFalsy();
    expect(toolResults[0]!.text).toContain(MARKER);
  }, 180_000);

  it("holds the project's deny rule though Claude Code allowed the tool: the secret never reaches the model", async (context) => {
    const project = makeProject({ 'secret.txt': 'the secret 93b2\n', 'codev.config.json': JSON.stringify({ permissions: { deny: ['Read(secret.txt)'] } }) });
    const { run: child, toolResults, requests } = await run(context, { project, calls: [{ name: 'mcp__codev__Read', input: { file_path: path.join(project, 'secret.txt') } }] });
    expect(child.code, child.output).toBe(0);
    expect(toolResults).toHaveLength(1);
    expect(toolResults[0]!.is_error).toBe(true);
    expect(toolResults[0]!.text).toContain('Read(secret.txt)');
    expect(requests.map((request) => request.rawBody).join('\n')).not.toContain('the secret 93b2');
  }, 180_000);

  it('holds a --deny rule of the command line the same way', async (context) => {
    const project = makeProject();
    const { run: child, toolResults } = await run(context, { project, flags: ['--deny', 'Read(notes.txt)'], calls: [{ name: 'mcp__codev__Read', input: { file_path: path.join(project, 'notes.txt') } }] });
    expect(child.code, child.output).toBe(0);
    expect(toolResults[0]!.is_error).toBe(true);
    expect(toolResults[0]!.text).not.toContain(MARKER);
  }, 180_000);

  it('sends an ask to Claude Code as an MCP elicitation; `claude -p` cancels it and nothing runs', async (context) => {
    const project = makeProject();
    const { settings, log } = elicitationHook('decline');
    const calls = [{ name: 'mcp__codev__Bash', input: { command: 'touch asked.txt' } }];
    const { run: child, toolResults } = await run(context, { project, calls });
    expect(child.code, child.output).toBe(0);
    expect(toolResults[0]!.is_error).toBe(true);
    expect(existsSync(path.join(project, 'asked.txt'))).toBe(false);
    // The same ask seen by a Claude Code Elicitation hook: it comes from the codev server and names the command.
    const declined = await run(context, { project, calls, args: [...ALLOW_CODEV, '--settings', settings] });
    expect(declined.run.code, declined.run.output).toBe(0);
    expect(loggedElicitations(log)).toEqual([expect.objectContaining({ hook_event_name: 'Elicitation', mcp_server_name: 'codev', message: expect.stringContaining('touch asked.txt') })]);
    expect(declined.toolResults[0]!.is_error).toBe(true);
    expect(existsSync(path.join(project, 'asked.txt'))).toBe(false);
  }, 240_000);

  it('runs the call when the elicitation is answered "allow once", and asks again for the next one', async (context) => {
    const project = makeProject();
    const { settings, log } = elicitationHook('once');
    const calls = [
      { name: 'mcp__codev__Bash', input: { command: 'touch first.txt' } },
      { name: 'mcp__codev__Bash', input: { command: 'touch first.txt' } },
    ];
    const { run: child, toolResults } = await run(context, { project, calls, args: [...ALLOW_CODEV, '--settings', settings] });
    expect(child.code, child.output).toBe(0);
    expect(toolResults.map((result) => result.is_error ?? false)).toEqual([false, false]);
    expect(existsSync(path.join(project, 'first.txt'))).toBe(true);
    expect(loggedElicitations(log)).toHaveLength(2);
  }, 180_000);

  it('keeps an "allow always" answer as codev keeps one (in .codev/settings.local.json): the same call later does not ask again', async (context) => {
    const project = makeProject();
    const { settings, log } = elicitationHook('always');
    const calls = [
      { name: 'mcp__codev__Bash', input: { command: 'touch always.txt' } },
      { name: 'mcp__codev__Bash', input: { command: 'touch always.txt' } },
    ];
    const { run: child, toolResults } = await run(context, { project, calls, args: [...ALLOW_CODEV, '--settings', settings] });
    expect(child.code, child.output).toBe(0);
    expect(toolResults.map((result) => result.is_error ?? false)).toEqual([false, false]);
    expect(existsSync(path.join(project, 'always.txt'))).toBe(true);
    expect(loggedElicitations(log)).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(project, '.codev/settings.local.json'), 'utf8'))).toEqual({ permissions: { allow: ['Bash(touch always.txt)'] } });
  }, 180_000);

  it('gets a plugin tool added while it runs: codev reloads, sends tools/list_changed, and Claude Code can call the new tool', async (context) => {
    const project = makeProject({ 'package.json': '{ "type": "module" }' });
    // The plugin imports zod, as a project's plugins do.
    symlinkSync(path.join(REPO, 'node_modules'), path.join(project, 'node_modules'));
    const debugLog = path.join(removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-debug-'))), 'claude-debug.log');
    const calls = [
      { name: 'mcp__codev__Read', input: { file_path: path.join(project, 'notes.txt') } },
      { name: 'mcp__codev__Shout', input: { message: 'from claude' } },
    ];
    // Before the model's first answer: the plugin is written, and the model waits for Claude Code to hear of it.
    // The Read call between makes the tools/list Claude Code sends at the notice go before the Shout call.
    const beforeReply = async (done: number): Promise<void> => {
      if (done !== 0) return;
      mkdirSync(path.join(project, 'plugins'));
      writeFileSync(path.join(project, 'plugins/shout.ts'), toolPlugin('Shout', 'shouted: '));
      const heard = (): boolean => existsSync(debugLog) && readFileSync(debugLog, 'utf8').includes('Received tools/list_changed');
      // Bounded by Claude Code's own run (runClaudeCode kills it past its timeout), not by a clock of its own.
      for (let polls = 0; polls < 3_000 && !heard(); polls++) await sleep(50);
    };
    const { run: child, events, toolResults } = await runClaudeCode({ claude: claude(context), cwd: project, server: codevServer(project), calls, beforeReply, args: [...ALLOW_CODEV, '--debug-file', debugLog] });
    expect(child.code, child.output).toBe(0);
    expect(events.find((event) => event.subtype === 'init')?.tools).not.toContain('mcp__codev__Shout');
    expect(toolResults.map((result) => result.is_error ?? false)).toEqual([false, false]);
    expect(toolResults[1]!.text).toBe('shouted: from claude');
  }, 180_000);

  it("stops the command codev runs for it when Claude Code goes away mid-call", async (context) => {
    const binary = claude(context);
    if (process.platform !== 'linux') {
      console.warn('codev: the Claude Code mid-call interop test is skipped on this machine: it finds processes through /proc (Linux)');
      context.skip();
    }
    const project = makeProject();
    const started = path.join(project, 'started.pid');
    // Outside the sandbox (whose PID namespace would end the command anyway): codev's own process stopping is tested.
    const hang = `node -e "require('fs').writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000)" ${started}`;
    const server = { ...codevServer(project, ['--allow', 'Bash(node:*)']), env: { CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE ?? '', CODEV_SANDBOX: '0' } };
    const running = runClaudeCode({ claude: binary, cwd: project, server, calls: [{ name: 'mcp__codev__Bash', input: { command: hang } }], args: ALLOW_CODEV });
    for (let polls = 0; polls < 2_400 && !existsSync(started); polls++) await sleep(50);
    const commandPid = Number(readFileSync(started, 'utf8'));
    try {
      const claudePids = childPidsOf(process.pid).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(binary));
      expect(claudePids).toHaveLength(1);
      process.kill(claudePids[0]!, 'SIGTERM');
      await running;
      for (let polls = 0; polls < 1_200 && isRunning(commandPid); polls++) await sleep(50);
      expect(isRunning(commandPid)).toBe(false);
    } finally {
      if (isRunning(commandPid)) process.kill(commandPid, 'SIGKILL');
    }
  }, 180_000);

  it("runs an allowed Bash in codev's sandbox: it writes inside the project, not outside", async (context) => {
    const reason = sandboxUnavailableReason();
    if (reason) {
      console.warn(`codev: the Claude Code sandbox interop test is skipped on this machine: ${reason}`);
      context.skip();
    }
    const project = makeProject();
    const outside = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-outside-')));
    mkdirSync(path.join(project, 'out'));
    // `node -e` runs code no shell analysis reads: the rule lets it through, the sandbox is what holds it.
    const write = (file: string): ScriptedCall => ({ name: 'mcp__codev__Bash', input: { command: `node -e "require('fs').writeFileSync(process.argv[1], 'x')" ${file}` } });
    const calls = [write(path.join(outside, 'escaped.txt')), write(path.join(project, 'out/inside.txt'))];
    const { run: child, toolResults } = await run(context, { project, flags: ['--allow', 'Bash(node:*)'], calls });
    expect(child.code, child.output).toBe(0);
    expect(toolResults.map((result) => result.is_error ?? false)).toEqual([true, false]);
    expect(existsSync(path.join(outside, 'escaped.txt'))).toBe(false);
    expect(readFileSync(path.join(project, 'out/inside.txt'), 'utf8')).toBe('x');
  }, 180_000);
});

describe('Claude Code with codev mcp serve --transport http', () => {
  const token = 'interop-token-2f4c9d0e8b7a6f5e4d3c2b1a';

  it('connects with the bearer token, and the Read call reaches codev; the project deny rule holds there too', async (context) => {
    const binary = claude(context);
    const project = makeProject({ 'secret.txt': 'the secret 93b2\n', 'codev.config.json': JSON.stringify({ permissions: { deny: ['Read(secret.txt)'] } }) });
    const server = await startCodevHttp({ project, token });
    try {
      const calls = [
        { name: 'mcp__codev__Read', input: { file_path: path.join(project, 'notes.txt') } },
        { name: 'mcp__codev__Read', input: { file_path: path.join(project, 'secret.txt') } },
      ];
      const { run: child, events, toolResults } = await runClaudeCode({ claude: binary, cwd: project, server: { type: 'http', url: server.url, headers: { Authorization: `Bearer ${token}` } }, calls, args: ALLOW_CODEV });
      expect(child.code, child.output).toBe(0);
      expect(events.find((event) => event.subtype === 'init')?.mcp_servers).toEqual([expect.objectContaining({ name: 'codev', status: 'connected' })]);
      expect(toolResults.map((result) => result.is_error ?? false)).toEqual([false, true]);
      expect(toolResults[0]!.text).toContain(MARKER);
      expect(toolResults[1]!.text).not.toContain('the secret 93b2');
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('gets no tools without the token', async (context) => {
    const binary = claude(context);
    const project = makeProject();
    const server = await startCodevHttp({ project, token });
    try {
      const { run: child, events, toolResults } = await runClaudeCode({ claude: binary, cwd: project, server: { type: 'http', url: server.url, headers: { Authorization: 'Bearer not-the-token' } }, calls: [{ name: 'mcp__codev__Read', input: { file_path: path.join(project, 'notes.txt') } }], args: ALLOW_CODEV });
      expect(child.code, child.output).toBe(0);
      const init = events.find((event) => event.subtype === 'init');
      expect(init?.mcp_servers).toEqual([expect.objectContaining({ name: 'codev', status: expect.not.stringMatching(/^connected$/) })]);
      expect((init?.tools as string[]).filter((name) => name.startsWith('mcp__codev__'))).toEqual([]);
      expect(toolResults[0]!.is_error).toBe(true);
      expect(toolResults[0]!.text).not.toContain(MARKER);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
