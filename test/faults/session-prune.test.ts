import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { getSessionMessages } from '../../src/agent/get-session-messages.ts';
import { sessionsCommand } from '../../src/cli/commands/sessions-command.ts';
import type { CommandIo } from '../../src/cli/commands/types.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import * as codev from '../../src/index.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { SessionMetadata, SessionStore } from '../../src/transcripts/types.ts';
import { createFakeMessagesServer, createTestKernel, rejectionCode, textReply } from '../../src/testing/index.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DAY_SECONDS = 24 * 60 * 60;

function project(): { root: string; sessions: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-session-prune-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
  return { root, sessions: path.join(root, '.codev', 'sessions') };
}

const metadata = (id: string, extra: Partial<SessionMetadata> = {}): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z', ...extra });

/** A session of a prompt and a reply, last written `daysAgo` (its messages and its file's mtime), with a tool result on disk. */
async function session(sessions: string, options: { id: string; daysAgo: number; parent?: string; store?: SessionStore }): Promise<void> {
  const { id, daysAgo, parent } = options;
  const store = options.store ?? createFileSessionStore({ directory: sessions });
  const at = new Date(Date.now() - daysAgo * DAY_SECONDS * 1000);
  const writer = await store.open({ id, metadata: metadata(id, parent ? { parentSessionId: parent, agentId: `agent-${id}` } : {}) });
  await writer.append([
    { type: 'message', uuid: `${id}-1`, timestamp: at.toISOString(), message: { role: 'user', content: `prompt of ${id}` } },
    { type: 'message', uuid: `${id}-2`, timestamp: at.toISOString(), message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] } },
  ]);
  await writer.close();
  mkdirSync(path.join(sessions, id, 'tool-results'), { recursive: true });
  writeFileSync(path.join(sessions, id, 'tool-results', 'toolu_1.txt'), 'x'.repeat(10_000));
  utimesSync(path.join(sessions, `${id}.jsonl`), at, at);
}

const ids = (sessions: string) =>
  readdirSync(sessions)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => name.slice(0, -'.jsonl'.length))
    .sort();

async function sessionsIn(root: string, args: string[]): Promise<{ code: number | string; out: string }> {
  let out = '';
  const io: CommandIo = { cwd: root, env: {}, stdout: (text) => (out += text), stderr: () => {}, readStdin: async () => '' };
  try {
    return { code: await sessionsCommand(args, io), out };
  } catch (error) {
    return { code: CodevError.isInstance(error) ? error.code : String(error), out };
  }
}

describe('codev sessions prune', () => {
  it('first only says what it would remove; with --yes removes each old session with its tool results and subagents, keeps one in use, and says what it freed', async () => {
    const { root, sessions } = project();
    await session(sessions, { id: 'old-1', daysAgo: 40 });
    await session(sessions, { id: 'old-2', daysAgo: 35 });
    await session(sessions, { id: 'old-2-sub', daysAgo: 35, parent: 'old-2' });
    await session(sessions, { id: 'in-use', daysAgo: 45 });
    await session(sessions, { id: 'fresh', daysAgo: 1 });
    const holder = await createFileSessionStore({ directory: sessions }).open({ id: 'in-use' });
    cleanups.push(() => holder.close());
    const dry = await sessionsIn(root, ['prune', '--older-than', '30d']);
    expect(dry.code).toBe(0);
    for (const id of ['old-1', 'old-2', 'in-use']) expect(dry.out).toContain(id);
    expect(dry.out).not.toContain('fresh');
    expect(dry.out).toContain('--yes');
    expect(ids(sessions)).toEqual(['fresh', 'in-use', 'old-1', 'old-2', 'old-2-sub']);

    const done = await sessionsIn(root, ['prune', '--older-than', '30d', '--yes', '--json']);
    expect(done.code).toBe(0);
    const report = JSON.parse(done.out) as { dryRun: boolean; removed: { id: string; subagents: string[] }[]; busy: string[]; bytes: number };
    expect(report.dryRun).toBe(false);
    expect(report.removed.map((entry) => entry.id).sort()).toEqual(['old-1', 'old-2']);
    expect(report.removed.find((entry) => entry.id === 'old-2')?.subagents).toEqual(['old-2-sub']);
    expect(report.busy).toEqual(['in-use']);
    expect(report.bytes).toBeGreaterThan(3 * 10_000);
    expect(ids(sessions)).toEqual(['fresh', 'in-use']);
    for (const id of ['old-1', 'old-2', 'old-2-sub']) expect(existsSync(path.join(sessions, id))).toBe(false);
    expect(existsSync(path.join(sessions, 'in-use', 'tool-results', 'toolu_1.txt'))).toBe(true);
  });

  it('--keep N keeps the N most recent sessions (a subagent\'s goes with its parent); a bad age or count is a usage error', async () => {
    const { root, sessions } = project();
    for (let index = 0; index < 5; index++) await session(sessions, { id: `s-${index}`, daysAgo: 10 - index });
    await session(sessions, { id: 's-4-sub', daysAgo: 1, parent: 's-4' });
    await session(sessions, { id: 's-0-sub', daysAgo: 9, parent: 's-0' });
    expect((await sessionsIn(root, ['prune', '--keep', '2', '--yes'])).code).toBe(0);
    expect(ids(sessions)).toEqual(['s-3', 's-4', 's-4-sub']);
    expect((await sessionsIn(root, ['prune', '--older-than', 'soon'])).code).toBe('CLI_USAGE');
    expect((await sessionsIn(root, ['prune', '--keep', '-1'])).code).toBe('CLI_USAGE');
    expect((await sessionsIn(root, ['prune'])).code).toBe('CLI_USAGE');
  });

  it('pruneSessions() does the same from the SDK, and never touches what is not a session', async () => {
    const { root, sessions } = project();
    await session(sessions, { id: 'old', daysAgo: 40 });
    await session(sessions, { id: 'new', daysAgo: 2 });
    const longAgo = new Date(Date.now() - 90 * DAY_SECONDS * 1000);
    for (const name of ['garbage.jsonl', 'empty.jsonl']) {
      writeFileSync(path.join(sessions, name), name === 'empty.jsonl' ? '' : 'not json\n');
      utimesSync(path.join(sessions, name), longAgo, longAgo);
    }
    mkdirSync(path.join(sessions, 'folder.jsonl'));
    const foreign = () => readdirSync(sessions).filter((name) => ['garbage.jsonl', 'empty.jsonl', 'folder.jsonl'].includes(name)).sort();
    const dry = await codev.pruneSessions({ cwd: root, olderThan: '30d', dryRun: true });
    expect(dry.removed.map((entry) => entry.id)).toEqual(['old']);
    expect(ids(sessions)).toEqual(['empty', 'folder', 'garbage', 'new', 'old']);
    const done = await codev.pruneSessions({ cwd: root, olderThan: '30d' });
    expect(done.removed.map((entry) => entry.id)).toEqual(['old']);
    expect(ids(sessions)).toEqual(['empty', 'folder', 'garbage', 'new']);
    expect(foreign()).toEqual(['empty.jsonl', 'folder.jsonl', 'garbage.jsonl']);
    expect(await rejectionCode(codev.pruneSessions({ cwd: root }))).toBe('INPUT_INVALID');
  });
});

describe('the sessions retention setting', () => {
  it('an agent that opens a new session prunes the project\'s old sessions (in the background, done when it closes), never one in use', async () => {
    const test = await createTestKernel({ files: { 'codev.config.json': JSON.stringify({ sessions: { retention: { olderThan: '30d' } } }) } });
    cleanups.push(() => test.cleanup());
    const sessions = path.join(test.root, '.codev', 'sessions');
    await session(sessions, { id: 'old', daysAgo: 40 });
    await session(sessions, { id: 'old-in-use', daysAgo: 50 });
    await session(sessions, { id: 'recent', daysAgo: 3 });
    const holder = await createFileSessionStore({ directory: sessions }).open({ id: 'old-in-use' });
    cleanups.push(() => holder.close());
    const server = await createFakeMessagesServer({ script: () => textReply('ok'), apiKey: 'test-key' });
    cleanups.push(() => server.close());
    const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} });
    const result = await agent.run('hi');
    expect(result.endReason).toBe('end_turn');
    await agent.close();
    expect(ids(sessions)).toEqual([agent.sessionId!, 'old-in-use', 'recent'].sort());
    expect(existsSync(path.join(sessions, 'old'))).toBe(false);
  });

  it('is checked with the config: an age that is not one is CONFIG_INVALID naming the field', async () => {
    const failure = await createTestKernel({ files: { 'codev.config.json': JSON.stringify({ sessions: { retention: { olderThan: 'a while' } } }) } }).catch((error: unknown) => error);
    expect(CodevError.isInstance(failure) && failure.code).toBe('CONFIG_INVALID');
    expect(CodevError.isInstance(failure) && failure.field).toBe('sessions.retention.olderThan');
  });
});

describe('session ids by unique prefix', () => {
  const FIRST = '3f2a9c1e-0000-4000-8000-000000000001';
  const SECOND = '3f2a9c1e-0000-4000-8000-000000000002';
  const OTHER = '7b41d2aa-0000-4000-8000-000000000003';

  it('codev sessions show and rm, getSessionMessages and createAgent({ resume }) take a unique prefix; an ambiguous one is SESSION_AMBIGUOUS naming the candidates; none is SESSION_NOT_FOUND', async () => {
    const { root, sessions } = project();
    for (const id of [FIRST, SECOND, OTHER]) await session(sessions, { id, daysAgo: 1 });
    const shown = await sessionsIn(root, ['show', '7b41']);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`session ${OTHER}`);
    expect((await getSessionMessages('7b41d2', { cwd: root })).metadata.id).toBe(OTHER);
    const ambiguous = await rejectionCode(getSessionMessages('3f2a9c1e', { cwd: root }));
    expect(ambiguous).toBe('SESSION_AMBIGUOUS');
    const error = (await getSessionMessages('3f2a9c1e', { cwd: root }).catch((caught: unknown) => caught)) as CodevError;
    expect(error.message).toContain(FIRST);
    expect(error.message).toContain(SECOND);
    expect((await sessionsIn(root, ['show', '3f2a'])).code).toBe('SESSION_AMBIGUOUS');
    expect((await sessionsIn(root, ['show', 'ffff'])).code).toBe('SESSION_NOT_FOUND');
    // Too short to be taken as a prefix (as git asks for 4 characters): not found, never a guess.
    expect((await sessionsIn(root, ['rm', '7b'])).code).toBe('SESSION_NOT_FOUND');
    expect(ids(sessions)).toContain(OTHER);

    const server = await createFakeMessagesServer({ script: (request) => textReply(`reply to ${request.body.messages?.length ?? 0} messages`), apiKey: 'test-key' });
    cleanups.push(() => server.close());
    const agent = createAgent({ tools: [], resume: '3f2a9c1e-0000-4000-8000-0000000000', sessionStore: createFileSessionStore({ directory: sessions }), persistSession: true, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} });
    expect(await rejectionCode(agent.run('again'))).toBe('SESSION_AMBIGUOUS');
    await agent.close();
    const unique = createAgent({ tools: [], resume: '3f2a9c1e-0000-4000-8000-000000000002', sessionStore: createFileSessionStore({ directory: sessions }), persistSession: true, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} });
    cleanups.push(() => unique.close());
    expect((await unique.run('again')).text).toBe('reply to 3 messages');
    expect(unique.sessionId).toBe(SECOND);

    const byPrefix = createAgent({ tools: [], resume: '7b41', sessionStore: createFileSessionStore({ directory: sessions }), persistSession: true, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} });
    expect((await byPrefix.run('and you?')).text).toBe('reply to 3 messages');
    expect(byPrefix.sessionId).toBe(OTHER);
    await byPrefix.close();

    expect((await sessionsIn(root, ['rm', '7b41d'])).code).toBe(0);
    expect(ids(sessions)).toEqual([FIRST, SECOND]);
  });
});
