import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { BIN } from './run-codev.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';

/** Runs codev with stdout on a real pipe, and closes the reading end after `lines` lines (0: at once). */
function codevClosedAfter(lines: number, args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number | null; signal: string | null; read: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let read = '';
    let stderr = '';
    if (lines === 0) child.stdout.destroy();
    else {
      child.stdout.on('data', (chunk) => {
        read += chunk;
        if (read.split('\n').length > lines) child.stdout.destroy();
      });
    }
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code, signal) => resolve({ code, signal, read, stderr }));
  });
}

let project: TempProject;
let server: FakeMessagesServer;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'codev.config.json': JSON.stringify({ permissions: { allow: ['Greet'] } }),
      'plugins/greet.ts': toolPlugin('Greet', 'hello '),
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ prompt: 'greet the world' });\n`,
    },
  });
  // Each reply waits, so the run still has lines to write after the reader is gone.
  server = await createFakeMessagesServer({
    latencyMs: 300,
    script: (request) => ((request.body.messages?.length ?? 1) < 5 ? toolUseReply('Greet', { message: 'world' }, { text: 'Greeting now.' }) : textReply('Done.')),
  });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

describe('a stdout closed early', () => {
  it('stops codev tools quietly with 141, as SIGPIPE stops git log', async () => {
    const run = await codevClosedAfter(0, ['tools', '--cwd', project.root]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(141);
  });

  it('stops codev run after the first line quietly with 141, without running the rest', async () => {
    const before = server.requests.length;
    const run = await codevClosedAfter(1, ['run', project.path('agent.ts'), '--output-format', 'stream-json'], { ANTHROPIC_BASE_URL: server.url });
    expect(JSON.parse(run.read.split('\n')[0]!)).toMatchObject({ type: 'turn-start' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(141);
    expect(server.requests.length - before).toBeLessThan(3);
  });
});
