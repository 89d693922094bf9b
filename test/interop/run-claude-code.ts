/** Test-only: one `claude -p` run of the real Claude Code CLI, its model a scripted fake, one MCP server configured. */
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';
import { createFakeMessagesServer, textReply, toolUseReply, type RecordedRequest } from '../../src/testing/index.ts';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { runChild, type ChildRun } from '../run-child.ts';

/** How Claude Code starts the MCP server (an `mcpServers` entry of `.mcp.json`). */
export interface StdioServerEntry {
  command: string;
  args: readonly string[];
  env?: Record<string, string>;
}

/** A Streamable HTTP server Claude Code connects to. */
export interface HttpServerEntry {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
}

/** One tool call the fake model makes, in its own turn. */
export interface ScriptedCall {
  name: string;
  input: Record<string, unknown>;
}

/** A tool_result block Claude Code sent back to the model. */
export interface SentToolResult {
  tool_use_id: string;
  is_error?: boolean;
  /** The result's text blocks joined (Claude Code sends MCP text content as text blocks, or as one string). */
  text: string;
}

export interface ClaudeCodeRun {
  run: ChildRun;
  /** The `--output-format stream-json` events. */
  events: Record<string, any>[];
  /** Every request the fake Messages server received. */
  requests: RecordedRequest[];
  /** The tool results of the conversation, in the order the model received them. */
  toolResults: SentToolResult[];
}

const TIMEOUT_MS = 120_000;

/**
 * Runs `claude -p` in `cwd` with `server` (started by Claude Code over stdio, or listening on HTTP) as its only MCP
 * server, named `codev` (its tools are
 * `mcp__codev__<Tool>`). The fake model makes `calls` one per turn, then says `done`. Claude Code runs isolated:
 * a temp HOME and config folder, no telemetry, auto-updater or other traffic, its API the fake server (loopback).
 * The MCP config file lives in that HOME, not in the project: codev reads the project's `.mcp.json` as a client,
 * and would start itself there.
 */
export async function runClaudeCode(options: {
  claude: string;
  cwd: string;
  server: StdioServerEntry | HttpServerEntry;
  calls: readonly ScriptedCall[];
  args?: readonly string[];
  /** Runs before the fake model answers, told how many calls have their results already. */
  beforeReply?: (callsDone: number) => Promise<void>;
}): Promise<ClaudeCodeRun> {
  const home = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-home-')));
  mkdirSync(path.join(home, '.claude'));
  const mcpConfig = path.join(home, 'mcp.json');
  const entry = 'command' in options.server ? { type: 'stdio', ...options.server, env: { HOME: home, ...options.server.env } } : options.server;
  writeFileSync(mcpConfig, JSON.stringify({ mcpServers: { codev: entry } }));
  const fake = await createFakeMessagesServer({
    // The next call is the one after those whose results the conversation already carries, whatever else
    // Claude Code may ask the API on the side.
    script: async (request) => {
      const done = toolResultsOf(request).length;
      await options.beforeReply?.(done);
      const call = options.calls[done];
      return call ? toolUseReply(call.name, call.input) : textReply('done');
    },
  });
  try {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: 'test',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    };
    const args = ['-p', 'Use the codev tools.', '--output-format', 'stream-json', '--verbose', '--mcp-config', mcpConfig, '--strict-mcp-config', '--no-session-persistence', ...(options.args ?? [])];
    const run = await runChild(options.claude, args, { cwd: options.cwd, timeoutMs: TIMEOUT_MS, env });
    // Claude Code started codev: once it has gone, so must codev, what codev ran, and codev's session folders.
    if ('command' in options.server) await expectNothingLeft(options.cwd);
    const events = run.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, any>);
    return { run, events, requests: [...fake.requests], toolResults: sentToolResults(fake.requests) };
  } finally {
    await fake.close();
  }
}

/** The tool_result blocks of the conversation: those of the Messages request that carries the most of them. */
function sentToolResults(requests: readonly RecordedRequest[]): SentToolResult[] {
  const blocks = requests.filter((request) => request.path === '/v1/messages').map(toolResultsOf);
  return blocks.reduce((most, next) => (next.length > most.length ? next : most), []).map((block) => ({
    tool_use_id: block.tool_use_id,
    is_error: block.is_error,
    text: typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(''),
  }));
}

function toolResultsOf(request: RecordedRequest): Anthropic.ToolResultBlockParam[] {
  const blocks = (request.body.messages ?? []).flatMap((message) => (Array.isArray(message.content) ? message.content : []));
  return blocks.filter((block): block is Anthropic.ToolResultBlockParam => block.type === 'tool_result');
}

/**
 * Waits (at most as long as codev gives its calls to end, and more) for the processes working in the project to end
 * and its `.codev/sessions/mcp-*` folders to go, then throws naming those left, after killing them (Linux: /proc).
 */
async function expectNothingLeft(project: string): Promise<void> {
  if (process.platform !== 'linux') return;
  let left = leftovers(project);
  for (let polls = 0; polls < 400 && (left.processes.length > 0 || left.folders.length > 0); polls++) {
    await sleep(50);
    left = leftovers(project);
  }
  for (const pid of left.processes) process.kill(Number(pid), 'SIGKILL');
  if (left.processes.length > 0 || left.folders.length > 0) throw new Error(`Left behind after Claude Code ended: processes ${JSON.stringify(left.processes)}, session folders ${JSON.stringify(left.folders)}`);
}

function leftovers(project: string): { processes: string[]; folders: string[] } {
  const processes = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`).startsWith(project);
    } catch {
      return false;
    }
  });
  let folders: string[] = [];
  try {
    folders = readdirSync(path.join(project, '.codev/sessions')).filter((name) => name.startsWith('mcp-'));
  } catch {
    // No sessions folder: nothing left.
  }
  return { processes, folders };
}
