/**
 * `codev fake-model`, the real CLI (bin/codev.mjs) in processes of its own: served (printing ANTHROPIC_BASE_URL,
 * with a real `codev run` against it, stopped by SIGTERM), running a command after `--` (its environment, its
 * exit code), a bad --script file, and the replay of a session a real run saved.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import type { MessageEntry } from '../../src/transcripts/types.ts';
import { BIN, EMPTY_HOME, runProcess } from './run-codev.ts';

/** A bound against a hang only: every run here ends long before. */
const WITHIN_MS = 30_000;

let project: TempProject;
const started = new Set<ReturnType<typeof spawn>>();

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'plugins/count.ts': `${PLUGIN_IMPORTS}
import { readFile } from 'node:fs/promises';
export default buildTool({
  name: 'CountWords',
  description: 'Count the words of a file',
  inputSchema: z.object({ path: z.string() }),
  isReadOnly: () => true,
  checkPermissions: () => ({ behavior: 'allow' }),
  async call({ path }, context) {
    return { data: { path, words: (await readFile(context.cwd + '/' + path, 'utf8')).split(/\\s+/).filter(Boolean).length } };
  },
});
`,
      'notes.txt': 'one two three four five\n',
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ system: 'Be brief.', prompt: 'How many words are in notes.txt? Use the CountWords tool.' });\n`,
      'replies.jsonl': '{"content":[{"type":"text","text":"scripted hello"}]}\n',
    },
  });
});
afterEach(() => {
  for (const child of started) child.kill('SIGKILL');
  started.clear();
});
afterAll(async () => {
  await project.cleanup();
});

const environment = { CODEV_MAX_RETRIES: '0', CODEV_SANDBOX: '0', NO_COLOR: '1' };

function codev(args: string[], env: Record<string, string> = {}) {
  return runProcess({ command: process.execPath, args: [BIN, ...args], cwd: project.root, env: { ...environment, ...env }, timeoutMs: WITHIN_MS });
}

/** The transcript lines of the newest session of the project. */
function newestSession(): { id: string; entries: MessageEntry[] } {
  const folder = project.path('.codev/sessions');
  const [newest] = readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => ({ name, text: readFileSync(path.join(folder, name), 'utf8') }))
    .sort((a, b) => (JSON.parse(b.text.split('\n')[0]!).metadata.createdAt as string).localeCompare(JSON.parse(a.text.split('\n')[0]!).metadata.createdAt));
  const entries = newest!.text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as MessageEntry).filter((entry) => entry.type === 'message');
  return { id: newest!.name.replace(/\.jsonl$/, ''), entries };
}

describe('codev fake-model', () => {
  it('serves the echo model until SIGTERM: a real codev run calls the tool its prompt names and gets the result quoted back', async () => {
    const server = spawn(process.execPath, [BIN, 'fake-model'], { cwd: project.root, env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE }, stdio: ['ignore', 'pipe', 'pipe'] });
    started.add(server);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    let stdout = '';
    server.stdout.on('data', (chunk) => (stdout += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', () => {
        const match = /^ANTHROPIC_BASE_URL=(http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
        if (match) resolve(match[1]!);
      });
      server.once('exit', (code) => reject(new Error(`codev fake-model exited (${code}) before printing its URL`)));
    });
    const run = await codev(['run', 'agent.ts', '--output-format', 'stream-json'], { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'anything' });
    expect(run.code, run.stderr).toBe(0);
    const { entries } = newestSession();
    const [prompt, call, results, answer] = entries.map((entry) => entry.message);
    expect(prompt?.role).toBe('user');
    expect(call?.content).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'tool_use', name: 'CountWords', input: { path: 'notes.txt' } })]));
    expect(JSON.stringify(results?.content)).toMatch(/words\W+5/);
    expect(JSON.stringify(answer?.content)).toContain('words');
    const taken = await codev(['fake-model', '--port', new URL(url).port]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('CLI_USAGE');
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('is a command of codev --help, with help of its own', async () => {
    expect((await codev(['--help'])).stdout).toMatch(/^ {2}fake-model\b/m);
    const help = await codev(['fake-model', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('codev fake-model -- codev run agent.ts');
    expect((await codev(['fake-model', 'codev', 'run'])).code).toBe(2);
    expect((await codev(['fake-model', '--'])).code).toBe(2);
  });

  it('runs a command after -- with ANTHROPIC_BASE_URL and a placeholder key, and exits with its code', async () => {
    const probe = `const r = await fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': process.env.ANTHROPIC_API_KEY }, body: JSON.stringify({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }) }); console.log(r.status, process.env.ANTHROPIC_BASE_URL); process.exit(7);`;
    const run = await codev(['fake-model', '--', process.execPath, '--input-type=module', '-e', probe], { ANTHROPIC_API_KEY: 'sk-ant-real-key' });
    expect(run.code).toBe(7);
    expect(run.stdout).toMatch(/^200 http:\/\/127\.0\.0\.1:\d+$/m);
    const key = await codev(['fake-model', '--', process.execPath, '-e', 'console.log(process.env.ANTHROPIC_API_KEY)'], { ANTHROPIC_API_KEY: 'sk-ant-real-key' });
    expect(key.stdout.trim()).toBe('fake-key');
  });

  it('a failing command is its exit code; a missing one 127; a command a signal ended 128+n', async () => {
    expect((await codev(['fake-model', '--', process.execPath, '-e', 'process.exit(3)'])).code).toBe(3);
    expect((await codev(['fake-model', '--', 'no-such-command-for-codev'])).code).toBe(127);
    expect((await codev(['fake-model', '--', 'sh', '-c', 'kill -TERM $$'])).code).toBe(143);
  });

  it('codev inside the command (and in the scripts it starts) is this codev, found through PATH', async () => {
    // No node_modules/.bin in PATH (vitest's has one, with a codev in it): only fake-model's can answer.
    const PATH = (process.env.PATH ?? '').split(path.delimiter).filter((part) => !part.includes('node_modules')).join(path.delimiter);
    const run = await codev(['fake-model', '--script', 'replies.jsonl', '--', 'sh', '-c', 'codev run agent.ts --output-format stream-json'], { PATH });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('scripted hello');
  });

  // Below 1024 only root may listen (where ip_unprivileged_port_start says so): run as nobody when the tests run as root.
  const asNobody = process.getuid?.() === 0 && existsSync('/usr/sbin/runuser') && existsSync('/proc/sys/net/ipv4/ip_unprivileged_port_start') && readFileSync('/proc/sys/net/ipv4/ip_unprivileged_port_start', 'utf8').trim() === '1024';
  it.skipIf(!asNobody)('a port codev may not listen on exits 2 (a bad --port, like one in use), not 1', async () => {
    const run = await runProcess({ command: 'runuser', args: ['-u', 'nobody', '--', process.execPath, BIN, 'fake-model', '--port', '80', '--', 'true'], cwd: '/', env: {}, timeoutMs: WITHIN_MS });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('CLI_USAGE');
  });

  it('a bad --script file exits 2 with FAKE_SCRIPT_INVALID naming the file, the line and the field', async () => {
    await project.write('bad.jsonl', '{"content":[{"type":"text","text":"fine"}]}\n\n{"content":[{"type":"text","txt":"typo"}]}\n');
    const lines = await codev(['fake-model', '--script', 'bad.jsonl', '--', 'true']);
    expect(lines.code).toBe(2);
    expect(lines.stderr).toContain('FAKE_SCRIPT_INVALID');
    expect(lines.stderr).toMatch(/\/bad\.jsonl:3\n/);
    expect(lines.stderr).toMatch(/field: content\[0\]\.text/);
    await project.write('bad.json', '[\n  {"content": []},\n  {"error": {"status": 418}}\n]\n');
    const array = await codev(['fake-model', '--script', 'bad.json']);
    expect(array.code).toBe(2);
    expect(array.stderr).toMatch(/\/bad\.json:3\n/);
    expect(array.stderr).toMatch(/field: error\.status/);
    expect((await codev(['fake-model', '--script', 'missing.jsonl'])).code).toBe(2);
    expect((await codev(['fake-model', '--port', 'eighty'])).code).toBe(2);
  });

  it('replays the model replies of a session a real run saved, and ends a run that asks for more with an error', async () => {
    const recorded = await codev(['fake-model', '--', 'codev', 'run', 'agent.ts', '--output-format', 'stream-json']);
    expect(recorded.code, recorded.stderr).toBe(0);
    const original = newestSession();
    const replayed = await codev(['fake-model', '--replay', original.id.slice(0, 8), '--', 'codev', 'run', 'agent.ts', '--output-format', 'stream-json']);
    expect(replayed.code, replayed.stderr).toBe(0);
    const replay = newestSession();
    expect(replay.id).not.toBe(original.id);
    const assistant = (entries: MessageEntry[]) => entries.filter((entry) => entry.message.role === 'assistant').map((entry) => entry.message.content);
    expect(assistant(replay.entries)).toEqual(assistant(original.entries));
    // The same replies from the transcript file; a second run in the same server asks for more than was recorded.
    const file = project.path(`.codev/sessions/${original.id}.jsonl`);
    const twice = await codev(['fake-model', '--replay', file, '--', 'sh', '-c', 'codev run agent.ts && codev run agent.ts']);
    expect(twice.code).toBe(1);
    expect((await codev(['fake-model', '--replay', 'no-such-session'])).code).toBe(2);
  });
});
