/**
 * Test-only: `codev mcp serve` (the real CLI, bin/codev.mjs) in a child process of its own, with the MCP SDK's
 * own Client speaking to it over the child's stdin and stdout. The SDK's stdio framing (its
 * StdioServerTransport reads one stream and writes another) is used from the client's side here, so that the
 * test keeps the process: its pid, its exit code, its stdin to close, signals to send.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { BIN, EMPTY_HOME } from './run-codev.ts';

/** A running `codev mcp serve` and the client connected to it. */
export interface ServedCodev {
  readonly client: Client;
  readonly child: ChildProcessWithoutNullStreams;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Errors the client's transport reported (a line on stdout that is not a JSON-RPC message is one). */
  readonly protocolErrors: Error[];
  /** How the process ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Closes stdin (the client is gone) and waits for the exit; SIGKILLs it past `timeoutMs`. */
  close(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started = new Set<ChildProcessWithoutNullStreams>();

/** Starts `codev mcp serve <args>` in `cwd` (PATH, an empty HOME and `env` only) and connects a client to it. */
export async function serveCodev(options: { args: readonly string[]; cwd: string; env?: Record<string, string | undefined>; capabilities?: ClientCapabilities }): Promise<ServedCodev> {
  const child = spawn(process.execPath, [BIN, 'mcp', 'serve', ...options.args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, NO_COLOR: '1', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // A write after the server is gone (EPIPE) is what the test provoked, not a failure of the test process.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  void exited.then(() => started.delete(child));
  const client = new Client({ name: 'codev-test-client', version: '1.0.0' }, { capabilities: options.capabilities ?? {} });
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  try {
    await client.connect(new StdioServerTransport(child.stdout, child.stdin));
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`codev mcp serve did not initialize: ${String(error)}\nstderr:\n${stderr}`);
  }
  return {
    client,
    child,
    stderr: () => stderr,
    protocolErrors,
    exited,
    async close(timeoutMs = 20_000) {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** SIGKILLs every server started here that still runs (an afterEach, after a failed test). */
export function killServedCodevs(): void {
  for (const child of started) child.kill('SIGKILL');
}

/** The text of a tools/call result's content. */
export function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

/** The session folders of a project (transcripts are files beside them; a session of tool calls is a folder). */
export function sessionFoldersOf(root: string): string[] {
  try {
    return readdirSync(path.join(root, '.codev', 'sessions'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
}
