/**
 * `codev mcp serve` stopped while a call waits for the client's answer to a permission question (an
 * elicitation the client never answers): SIGTERM ends it at once (143), the asked call never runs, and the
 * session's folder is removed. And stopped while it starts, before the project is loaded: 143, nothing left.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, serveCodev, sessionFoldersOf } from '../cli/mcp-serve-client.ts';
import { BIN, EMPTY_HOME } from '../cli/run-codev.ts';

/** A bound against a hang only. */
const WITHIN_MS = 20_000;

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }' } });
});
afterEach(killServedCodevs);
afterAll(async () => {
  await project.cleanup();
});

describe('codev mcp serve stopped while it asks the client', () => {
  it('SIGTERM during an unanswered elicitation: exit 143, the call never runs, no session folder left', { timeout: 60_000 }, async () => {
    const served = await serveCodev({ args: ['--cwd', project.root, '--ask', 'Bash(touch *)'], cwd: project.root, env: { CODEV_SANDBOX: '0' }, capabilities: { elicitation: {} } });
    let asked = false;
    served.client.setRequestHandler(ElicitRequestSchema, () => {
      asked = true;
      return new Promise(() => {});
    });
    void served.client.callTool({ name: 'Bash', arguments: { command: 'touch asked.txt' } }).catch(() => undefined);
    expect(await waitUntil(() => asked, WITHIN_MS), served.stderr()).toBe(true);
    served.child.kill('SIGTERM');
    const timer = setTimeout(() => served.child.kill('SIGKILL'), WITHIN_MS);
    const exit = await served.exited;
    clearTimeout(timer);
    expect(exit, served.stderr()).toEqual({ code: 143, signal: null });
    expect(existsSync(project.path('asked.txt'))).toBe(false);
    expect(sessionFoldersOf(project.root)).toEqual([]);
  });

  it('SIGTERM while the project loads (a plugin still importing): exit 143, no process or folder left', { timeout: 60_000 }, async () => {
    await project.write('plugins/slow.ts', `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(project.path('loading.txt'))}, '');\nawait new Promise((resolve) => setTimeout(resolve, 3000));\n${toolPlugin('Slow')}`);
    const child = spawn(process.execPath, [BIN, 'mcp', 'serve', '--cwd', project.root], { env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, CODEV_SANDBOX: '0' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    try {
      expect(await waitUntil(() => existsSync(project.path('loading.txt')), WITHIN_MS), stderr).toBe(true);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), WITHIN_MS);
      expect(await exited, stderr).toEqual({ code: 143, signal: null });
      clearTimeout(timer);
      expect(stderr).not.toMatch(/\n\s+at .*(\(|node:)/);
      expect(sessionFoldersOf(project.root)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      await project.remove('plugins/slow.ts').catch(() => undefined);
    }
  });
});
