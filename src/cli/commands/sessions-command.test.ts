import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { createFileSessionStore } from '../../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../transcripts/sessions-directory.ts';
import type { SessionMetadata } from '../../transcripts/types.ts';
import { sessionsCommand } from './sessions-command.ts';
import type { CommandIo } from './types.ts';

let project: string;
beforeEach(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'codev-sessions-command-'));
  writeFileSync(path.join(project, 'package.json'), '{}');
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const metadata = (id: string, extra: Partial<SessionMetadata> = {}): SessionMetadata => ({ id, cwd: project, model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z', ...extra });

async function session(id: string, prompt: string, extra: Partial<SessionMetadata> = {}): Promise<void> {
  const writer = await createFileSessionStore({ directory: sessionsDirectory(project) }).open({ id, metadata: metadata(id, extra) });
  await writer.append([{ type: 'message', uuid: `${id}-1`, timestamp: '2026-12-04T10:00:01.000Z', message: { role: 'user', content: prompt } }]);
  await writer.close();
}

async function sessions(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const io: CommandIo = { cwd: project, env: {}, stdout: (text) => (out += text), stderr: () => {}, readStdin: async () => '' };
  return { code: await sessionsCommand(args, io), out };
}

describe('codev sessions', () => {
  it('lists the sessions a person can resume; a subagent\'s only with --all, and under show of its parent', async () => {
    await session('parent', 'plan the release');
    await session('child', 'check the changelog', { parentSessionId: 'parent', agentId: 'agent-1' });
    const list = await sessions([]);
    expect(list.code).toBe(0);
    expect(list.out).toContain('parent');
    expect(list.out).not.toContain('child');
    expect((await sessions(['--all'])).out).toContain('check the changelog');
    const show = await sessions(['show', 'parent']);
    expect(show.out).toContain('subagent session child: check the changelog');
    expect(JSON.parse((await sessions(['show', 'parent', '--json'])).out).subagentSessions).toEqual(['child']);
  });

  it('lists through its cache: a session removed by hand disappears, one added appears; prune options belong to prune', async () => {
    await session('kept', 'one');
    await session('gone', 'two');
    const ids = async () => (JSON.parse((await sessions(['--json'])).out) as { id: string }[]).map((summary) => summary.id).sort();
    expect(await ids()).toEqual(['gone', 'kept']);
    rmSync(path.join(sessionsDirectory(project), 'gone.jsonl'));
    await session('new', 'three');
    expect(await ids()).toEqual(['kept', 'new']);
    expect(await rejectionCode(sessions(['--keep', '3']))).toBe('CLI_USAGE');
    expect(await rejectionCode(sessions(['prune', 'kept', '--keep', '3']))).toBe('CLI_USAGE');
  });

  it('unlock takes a session\'s lock: refused from a live process of this host unless --force, after which the session opens', async () => {
    await session('held', 'work on it');
    const store = createFileSessionStore({ directory: sessionsDirectory(project) });
    const holder = await store.open({ id: 'held' });
    expect(await rejectionCode(sessions(['unlock', 'held']))).toBe('SESSION_BUSY');
    expect(await rejectionCode(sessions(['rm', 'held', '--force']))).toBe('CLI_USAGE');
    const forced = await sessions(['unlock', 'held', '--force', '--json']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.out)).toMatchObject({ id: 'held', unlocked: true, holder: { pid: process.pid, hostname: os.hostname() } });
    const next = await store.open({ id: 'held' });
    await next.close();
    expect(JSON.parse((await sessions(['unlock', 'held', '--json'])).out)).toMatchObject({ unlocked: false });
    expect(await rejectionCode(sessions(['unlock', 'nope']))).toBe('SESSION_NOT_FOUND');
    await holder.close();
  });

  it('says there are none yet in a project without sessions', async () => {
    expect((await sessions([])).out).toBe('No sessions yet: `codev run agent.ts` saves one per run.\n');
  });
});
