/**
 * MCP starts every session with `initialize`: until then the server knows neither the client nor what it can
 * answer (elicitation). A client, or anything else writing to codev's stdin, that sends `tools/call` first
 * must get an error, not a run of the tool; `ping` is allowed, as the specification says, and a line that is
 * not JSON does not stop the server. After `initialize` the same call runs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { BIN, EMPTY_HOME } from '../cli/run-codev.ts';

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ location: 'os-tmpdir', files: { 'package.json': '{ "type": "module" }' } });
});
afterAll(async () => {
  await project.cleanup();
});

function touch(id: number, file: string) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'Bash', arguments: { command: `touch ${file}` } } };
}

describe('codev mcp serve before initialize', () => {
  it('answers tools/call and tools/list with an error and runs nothing; ping works; after initialize the call runs', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', 'serve', '--cwd', project.root, '--allow', 'Bash(touch *)'], {
      env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, CODEV_SANDBOX: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const answers = new Map<number, { result?: unknown; error?: { code: number } }>();
    const waiting = new Map<number, () => void>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number; result?: unknown; error?: { code: number } };
      if (typeof message.id !== 'number') return;
      answers.set(message.id, message);
      waiting.get(message.id)?.();
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const answer = (id: number) => new Promise<{ result?: unknown; error?: { code: number } }>((resolve) => (answers.has(id) ? resolve(answers.get(id)!) : waiting.set(id, () => resolve(answers.get(id)!))));
    try {
      send(touch(1, 'before.txt'));
      send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      child.stdin.write('not json\n');
      send({ jsonrpc: '2.0', id: 3, method: 'ping' });
      expect((await answer(1)).error?.code, stderr).toBe(-32600);
      expect((await answer(2)).error?.code).toBe(-32600);
      expect((await answer(3)).result).toEqual({});
      expect(existsSync(project.path('before.txt'))).toBe(false);

      send({ jsonrpc: '2.0', id: 4, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      expect((await answer(4)).result).toBeDefined();
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send(touch(5, 'after.txt'));
      expect((await answer(5)).error).toBeUndefined();
      expect(existsSync(project.path('after.txt'))).toBe(true);
    } finally {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
  });
});
