import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { SessionMetadata, SessionStore } from '../../src/transcripts/types.ts';
import { createFakeMessagesServer, rejectionCode, textReply } from '../../src/testing/index.ts';
import { BIN, EMPTY_HOME } from '../cli/run-codev.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Only to stop a hang (a FIFO opened for reading waits for a writer forever): a killed run fails the test. */
const HANG_BOUND_MS = 30_000;

function project(): { root: string; sessions: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-session-listing-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(root, 'agent.ts'), "export default { prompt: 'go' };\n");
  const sessions = path.join(root, '.codev', 'sessions');
  mkdirSync(sessions, { recursive: true });
  return { root, sessions };
}

const metadata = (id: string, extra: Partial<SessionMetadata> = {}): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z', ...extra });

/** A real session: its first line, a prompt and a reply, written `secondsAgo` (its file's mtime too). */
async function session(store: SessionStore, options: { directory: string; id: string; prompt?: string; secondsAgo?: number; parent?: string }): Promise<void> {
  const { directory, id, prompt = `prompt of ${id}`, secondsAgo = 0, parent } = options;
  const at = new Date(Date.now() - secondsAgo * 1000);
  const writer = await store.open({ id, metadata: metadata(id, parent ? { parentSessionId: parent, agentId: `agent-${id}` } : {}) });
  await writer.append([
    { type: 'message', uuid: `${id}-1`, timestamp: at.toISOString(), message: { role: 'user', content: prompt } },
    { type: 'message', uuid: `${id}-2`, timestamp: at.toISOString(), message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, usage: { inputTokens: 10, outputTokens: 2, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 } },
  ]);
  await writer.close();
  utimesSync(path.join(directory, `${id}.jsonl`), at, at);
}

/** What a careless tool, a hostile script or a crash can leave in .codev/sessions beside real transcripts. */
function hostileFiles(sessions: string): string[] {
  const mkfifo = spawnSync('mkfifo', [path.join(sessions, 'fifo.jsonl')]);
  if (mkfifo.status !== 0) throw new Error(`mkfifo failed: ${mkfifo.stderr}`);
  symlinkSync('/dev/zero', path.join(sessions, 'zero.jsonl'));
  mkdirSync(path.join(sessions, 'dir.jsonl'));
  writeFileSync(path.join(sessions, 'empty.jsonl'), '');
  writeFileSync(path.join(sessions, 'garbage.jsonl'), Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)));
  return ['fifo', 'zero', 'dir', 'empty', 'garbage'];
}

/** `codev <args>` in a process of its own, killed when it has not ended after HANG_BOUND_MS (code null then). */
function codev(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const killer = setTimeout(() => child.kill('SIGKILL'), HANG_BOUND_MS);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('hostile files in .codev/sessions', () => {
  it('`codev sessions` lists the real sessions and names each file it skipped (a FIFO, a link to /dev/zero, a directory, an empty file, garbage), never hanging', async () => {
    const { root, sessions } = project();
    const store = createFileSessionStore({ directory: sessions });
    await session(store, { directory: sessions, id: 'good-1', secondsAgo: 20 });
    await session(store, { directory: sessions, id: 'good-2', secondsAgo: 10 });
    const hostile = hostileFiles(sessions);
    const listed = await codev(['sessions', '--json', '--cwd', root]);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { id: string }[]).map((summary) => summary.id)).toEqual(['good-2', 'good-1']);
    for (const name of hostile) expect(listed.stderr).toContain(`${name}.jsonl`);
    const text = await codev(['sessions', '--cwd', root]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('good-1');
  }, 4 * HANG_BOUND_MS);

  it('showing or resuming a FIFO, a link to /dev/zero or a directory is SESSION_UNSUPPORTED, before any request', async () => {
    const { root, sessions } = project();
    hostileFiles(sessions);
    const server = await createFakeMessagesServer({ script: () => textReply('should not be asked'), apiKey: 'test-key' });
    cleanups.push(() => server.close());
    for (const id of ['fifo', 'zero', 'dir']) {
      const shown = await codev(['sessions', 'show', id, '--cwd', root]);
      expect({ id, code: shown.code }).toEqual({ id, code: 1 });
      expect(shown.stderr).toContain('SESSION_UNSUPPORTED');
    }
    const resumed = await codev(['run', 'agent.ts', '--resume', 'fifo', '--cwd', root], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' });
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain('SESSION_UNSUPPORTED');
    expect(server.requests).toHaveLength(0);
    expect(lstatSync(path.join(sessions, 'fifo.jsonl')).isFIFO()).toBe(true);
  }, 6 * HANG_BOUND_MS);

  it('the store reads transcripts as regular files only, up to a size it can hold, and says why it skipped the others', async () => {
    const { sessions } = project();
    const outside = mkdtempSync(path.join(os.tmpdir(), 'codev-outside-'));
    cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
    const store = createFileSessionStore({ directory: sessions });
    await session(store, { directory: sessions, id: 'good' });
    // A real transcript elsewhere, linked in: its link is not a transcript of this folder.
    await session(createFileSessionStore({ directory: outside }), { directory: outside, id: 'elsewhere' });
    symlinkSync(path.join(outside, 'elsewhere.jsonl'), path.join(sessions, 'linked.jsonl'));
    mkdirSync(path.join(sessions, 'dir.jsonl'));
    writeFileSync(path.join(sessions, 'empty.jsonl'), '');
    // A valid first line, then a hole of 300 MB (a sparse file: no disk is used).
    const huge = path.join(sessions, 'huge.jsonl');
    writeFileSync(huge, `${JSON.stringify({ type: 'session', format: 1, metadata: metadata('huge') })}\n`);
    truncateSync(huge, 300 * 1024 * 1024);
    for (const id of ['linked', 'dir', 'empty', 'huge']) expect({ id, code: await rejectionCode(store.read(id)) }).toEqual({ id, code: 'SESSION_UNSUPPORTED' });
    const skipped: { id: string; reason: string }[] = [];
    const listed = await store.list({ onSkip: (entry) => skipped.push(entry) });
    expect(listed.map((summary) => summary.id)).toEqual(['good']);
    expect(skipped.map((entry) => entry.id).sort()).toEqual(['dir', 'empty', 'huge', 'linked']);
    for (const entry of skipped) expect(entry.reason.length).toBeGreaterThan(0);
    expect(statSync(huge).size).toBe(300 * 1024 * 1024);
  });
});

describe('many sessions', () => {
  it('continue finds the latest top-level session from the newest headers, without listing (parsing) every transcript', async () => {
    const { sessions } = project();
    const store = createFileSessionStore({ directory: sessions });
    for (let index = 0; index < 30; index++) await session(store, { directory: sessions, id: `top-${index}`, secondsAgo: 1000 - index });
    // Subagents write after their parent's last message: their transcripts are the newest files.
    for (let index = 0; index < 4; index++) await session(store, { directory: sessions, id: `sub-${index}`, secondsAgo: 100 - index, parent: 'top-29' });
    const calls = { list: 0, read: [] as string[], readMetadata: 0 };
    const counted: SessionStore = {
      ...store,
      list: (options) => {
        calls.list++;
        return store.list(options);
      },
      read: (id) => {
        calls.read.push(id);
        return store.read(id);
      },
      ...(store.readMetadata && {
        readMetadata: (id: string) => {
          calls.readMetadata++;
          return store.readMetadata!(id);
        },
      }),
    };
    const server = await createFakeMessagesServer({ script: (request) => textReply(`reply to ${request.body.messages?.length ?? 0} messages`), apiKey: 'test-key' });
    cleanups.push(() => server.close());
    const agent = createAgent({ tools: [], continue: true, sessionStore: counted, persistSession: true, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} });
    cleanups.push(() => agent.close());
    const result = await agent.run('and now?');
    expect(result.text).toBe('reply to 3 messages');
    expect(agent.sessionId).toBe('top-29');
    expect(calls.list).toBe(0);
    expect(calls.read).toEqual(['top-29']);
    expect(calls.readMetadata).toBeLessThanOrEqual(5);
  });

  it('a listing reads again only the transcripts whose size or time changed; a damaged cache is rebuilt; a linked one is replaced, never written through', async () => {
    const { sessions } = project();
    const store = createFileSessionStore({ directory: sessions });
    for (let index = 0; index < 5; index++) await session(store, { directory: sessions, id: `s-${index}`, prompt: `first words ${index}`, secondsAgo: 100 - index });
    const cache = path.join(sessions, '.summaries.json');
    const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-outside-')), 'precious.txt');
    cleanups.push(() => rmSync(path.dirname(outside), { recursive: true, force: true }));
    writeFileSync(outside, 'keep me\n');
    symlinkSync(outside, cache);
    expect((await store.list()).map((summary) => summary.lastPrompt)).toEqual(['first words 4', 'first words 3', 'first words 2', 'first words 1', 'first words 0']);
    expect(readFileSync(outside, 'utf8')).toBe('keep me\n');
    expect(lstatSync(cache).isFile()).toBe(true);
    // s-2 rewritten in place to the same size and time: a listing that trusts its cache never sees it.
    const file = path.join(sessions, 's-2.jsonl');
    const before = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('first words 2', 'other words 2'));
    utimesSync(file, before.atime, before.mtime);
    // s-3 gets a new message: its size and time change, so it is read again.
    const writer = await store.open({ id: 's-3' });
    await writer.append([{ type: 'message', uuid: 's-3-3', timestamp: new Date().toISOString(), message: { role: 'user', content: 'later words 3' } }]);
    await writer.close();
    const second = await store.list();
    expect(second.find((summary) => summary.id === 's-2')?.lastPrompt).toBe('first words 2');
    expect(second.find((summary) => summary.id === 's-3')?.lastPrompt).toBe('later words 3');
    writeFileSync(cache, '{"format":1,"sessions":{"s-0.jsonl":');
    expect((await store.list()).map((summary) => summary.id).sort()).toEqual(['s-0', 's-1', 's-2', 's-3', 's-4']);
    expect(() => JSON.parse(readFileSync(cache, 'utf8')) as unknown).not.toThrow();
    // Two listings at once, each with its own store: both whole, the cache whole after them.
    const [one, two] = await Promise.all([createFileSessionStore({ directory: sessions }).list(), createFileSessionStore({ directory: sessions }).list()]);
    expect(one).toEqual(two);
    expect(one).toHaveLength(5);
    expect(() => JSON.parse(readFileSync(cache, 'utf8')) as unknown).not.toThrow();
  });
});
