import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { runCommand } from '../../src/cli/commands/run-command.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { cleanUp, runAttack } from './run-attack.ts';

// What a command prints of a withheld credential is redacted where the model and the saved session read it.
// These are the other ways out of a run: the progress of a command still running (reported after 2 s),
// which `codev run` prints, a program reads as `tool-progress` events and a fleet worker publishes.

const SECRET = { name: 'AWS_SECRET_ACCESS_KEY', value: 'aws/progress+secret/value/0103' };
const servers: FakeMessagesServer[] = [];
const folders: string[] = [];
let saved: string | undefined;
beforeEach(() => {
  saved = process.env[SECRET.name];
  process.env[SECRET.name] = SECRET.value;
});
afterEach(async () => {
  if (saved === undefined) delete process.env[SECRET.name];
  else process.env[SECRET.name] = saved;
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function runLeakingAgent(extraArguments: string[]): Promise<{ printed: string; root: string; server: FakeMessagesServer }> {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-progress-secrets-')));
  folders.push(root);
  writeFileSync(path.join(root, 'package.json'), '{"name":"victim","private":true}');
  writeFileSync(path.join(root, 'agent.ts'), "export default { prompt: 'go' };\n");
  writeFileSync(path.join(root, 'leak.txt'), `aws=${SECRET.value}\n`);
  // The command outlives the first progress report (2 s) so its output is reported while it runs.
  const server = await createFakeMessagesServer({ script: [toolUseReply('Bash', { command: 'cat leak.txt; sleep 3.5' }), textReply('done')], apiKey: 'test-key' });
  servers.push(server);
  let printed = '';
  const io = { cwd: root, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' }, stdout: (text: string) => void (printed += text), stderr: (text: string) => void (printed += text), readStdin: async () => '' };
  const code = await runCommand([path.join(root, 'agent.ts'), '--permission-mode', 'bypassPermissions', ...extraArguments], io);
  expect(code).toBe(0);
  return { printed, root, server };
}

describe('a running command\'s progress', () => {
  it('is redacted in the events a program reads (stream-json)', async () => {
    const { printed, root, server } = await runLeakingAgent(['--output-format', 'stream-json']);
    const events = printed.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { type: string });
    expect(events.some((event) => event.type === 'tool-progress')).toBe(true);
    expect(printed).toContain('[redacted $AWS_SECRET_ACCESS_KEY]');
    expect(printed).not.toContain(SECRET.value);
    expect(JSON.stringify(server.requests)).not.toContain(SECRET.value);
    const sessions = path.join(root, '.codev', 'sessions');
    for (const file of readdirSync(sessions).filter((name) => name.endsWith('.jsonl'))) expect(readFileSync(path.join(sessions, file), 'utf8')).not.toContain(SECRET.value);
  });

  it('is redacted in what `codev run` prints as text', async () => {
    const { printed } = await runLeakingAgent([]);
    expect(printed).toContain('aws=[redacted $AWS_SECRET_ACCESS_KEY]');
    expect(printed).not.toContain(SECRET.value);
  });
});

describe('a credential printed in another spelling', () => {
  // What the environment policy cannot stop (sandbox off, every call allowed): a process's environment read
  // through /proc, printed as JSON (quotes and backslashes escaped) or URL-encoded, as programs print values.
  const ESCAPED = { name: 'DEPLOY_PASSWORD', value: 'pa"ss\\word/with+odd&chars=0204' };
  let savedEscaped: string | undefined;
  beforeEach(() => {
    savedEscaped = process.env[ESCAPED.name];
    process.env[ESCAPED.name] = ESCAPED.value;
  });
  afterEach(() => {
    if (savedEscaped === undefined) delete process.env[ESCAPED.name];
    else process.env[ESCAPED.name] = savedEscaped;
  });

  it.each([
    ['as JSON (jq -R)', (pid: number) => `tr '\\0' '\\n' < /proc/${pid}/environ | grep DEPLOY_PASSWORD | jq -R .`, JSON.stringify(ESCAPED.value).slice(1, -1)],
    ['URL-encoded (jq @uri)', (pid: number) => `tr '\\0' '\\n' < /proc/${pid}/environ | grep DEPLOY_PASSWORD | cut -d= -f2- | jq -Rr @uri`, encodeURIComponent(ESCAPED.value)],
  ] as const)('%s, it is redacted', async (_name, command, spelling) => {
    const holder = spawn('sleep', ['60'], { env: process.env, stdio: 'ignore' });
    try {
      const run = await runAttack({ input: command(holder.pid!), mode: 'bypassPermissions', sandbox: false });
      cleanUp(run);
      expect(run.text).toContain('[redacted $DEPLOY_PASSWORD]');
      expect(run.text).not.toContain(spelling);
      expect(run.text).not.toContain(ESCAPED.value);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

describe('a large output saved beside the session', () => {
  // Bash keeps a large output in a file beside the session and tells the model to Read it: the Read result
  // is redacted, but the file itself is part of the saved session.
  it.each([
    ['over the inline limit (saved when the command ends)', 40_000],
    ['over the memory limit (streamed to the file while it runs)', 400_000],
  ] as const)('%s holds no withheld value', async (_name, size) => {
    const filler = `${'x'.repeat(99)}\n`.repeat(Math.ceil(size / 100));
    const run = await runAttack({ input: 'cat leak.txt', sandbox: false, allow: ['Bash(cat leak.txt)'], files: { 'leak.txt': `aws=${SECRET.value}\n${filler}tail=${SECRET.value}\n` } });
    try {
      const saved = /Full output saved to: (\S+)/.exec(run.text)?.[1];
      expect(saved, run.text.slice(0, 300)).toBeDefined();
      const written = readFileSync(saved!, 'utf8');
      expect(written).toContain('aws=[redacted $AWS_SECRET_ACCESS_KEY]');
      expect(written).toContain('tail=[redacted $AWS_SECRET_ACCESS_KEY]');
      expect(written).not.toContain(SECRET.value);
      expect(run.text).not.toContain(SECRET.value);
    } finally {
      cleanUp(run);
    }
  });
});
