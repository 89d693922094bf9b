/**
 * The project's `.mcp.json` as the README writes it for Claude Code names `codev mcp serve` itself; codev reads that
 * same file as an MCP client. `codev mcp serve` must not start itself through it, again and again (each copy a client
 * of the next, none ever ready): it serves the project's tools, and at most one short-lived copy is started.
 * Linux only (the process tree is read in /proc); every process the test started is killed at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { afterEach, expect, it } from 'vitest';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN, EMPTY_HOME } from '../cli/run-codev.ts';
import { childPidsOf, isRunning } from '../interop/process-table.ts';

const roots: number[] = [];

/** Every live descendant of `pid`, deepest last. */
function descendantsOf(pid: number): number[] {
  const children = childPidsOf(pid);
  return [...children, ...children.flatMap(descendantsOf)];
}

function isCodevServe(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('serve') && isRunning(pid);
  } catch {
    return false;
  }
}

afterEach(() => {
  for (const root of roots.splice(0)) {
    const tree = [root, ...descendantsOf(root)];
    for (const pid of tree) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }
});

it.skipIf(process.platform !== 'linux')('serves the project although its .mcp.json starts `codev mcp serve` there, and starts no chain of itself', async () => {
  const project = realpathSync(removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-self-mcp-json-'))));
  writeFileSync(path.join(project, 'notes.txt'), 'served once\n');
  // What `claude mcp add --scope project codev -- npx codev mcp serve` writes, with this checkout's CLI for npx.
  writeFileSync(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { codev: { command: process.execPath, args: [BIN, 'mcp', 'serve'] } } }));
  const child = spawn(process.execPath, [BIN, 'mcp', 'serve'], {
    cwd: project,
    env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  roots.push(child.pid!);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.on('error', () => undefined);
  const client = new Client({ name: 'self-test', version: '1.0.0' });
  let most = 0;
  let connected = false;
  const connecting = client.connect(new StdioServerTransport(child.stdout, child.stdin)).then(() => (connected = true));
  connecting.catch(() => undefined);
  // Bounded by the chain, not a clock. Below the launcher the client started: its server (one), and for a moment
  // the nested copy the project's .mcp.json starts (its launcher and its server, which refuses); past five it is the loop.
  while (!connected && most <= 5) {
    most = Math.max(most, descendantsOf(child.pid!).filter(isCodevServe).length);
    await sleep(50);
  }
  expect(most, stderr).toBeLessThanOrEqual(3);
  await connecting;
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain('Read');
  expect(tools.map((tool) => tool.name).filter((name) => name.startsWith('mcp__codev__'))).toEqual([]);
  const read = await client.callTool({ name: 'Read', arguments: { file_path: path.join(project, 'notes.txt') } });
  expect(JSON.stringify(read.content)).toContain('served once');
  // The server alone: the nested copy is gone.
  expect(descendantsOf(child.pid!).filter(isCodevServe)).toHaveLength(1);
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
  expect(code, stderr).toBe(0);
}, 120_000);
