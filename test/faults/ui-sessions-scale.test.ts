import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { SessionStore } from '../../src/transcripts/types.ts';
import { sessionRoutes } from '../../src/ui/server/sessions/session-routes.ts';
import type { UiServerContext } from '../../src/ui/server/types.ts';
import type { UiSessionList } from '../../src/ui/types.ts';

// 10,000 sessions in one folder (one written by the store, copied under 10,000 ids), with a FIFO and a
// directory among them: the list route answers every page, searches and filters them, and counts what it skipped.

const SESSIONS = 10_000;
let directory: string;
let store: SessionStore;
const idOf = (index: number) => `s-${String(index).padStart(5, '0')}`;

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-scale-'));
  store = createFileSessionStore({ directory });
  const writer = await store.open({ id: 'template', metadata: { id: 'template', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' } });
  await writer.append([
    { type: 'message', uuid: 'u1', timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: 'PROMPT' } },
    { type: 'message', uuid: 'a1', timestamp: '2026-01-01T00:00:02.000Z', usage: { inputTokens: 10, outputTokens: 2, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 }, message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] } },
  ]);
  await writer.close();
  const template = readFileSync(path.join(directory, 'template.jsonl'), 'utf8');
  rmSync(path.join(directory, 'template.jsonl'));
  for (let index = 0; index < SESSIONS; index++) {
    const text = template.replaceAll('"template"', JSON.stringify(idOf(index))).replace('PROMPT', `task number ${index}`).replace('claude-test', index % 2 === 0 ? 'claude-even' : 'claude-odd');
    writeFileSync(path.join(directory, `${idOf(index)}.jsonl`), text);
  }
  execFileSync('mkfifo', [path.join(directory, 'fifo.jsonl')]);
  mkdirSync(path.join(directory, 'folder.jsonl'));
}, 120_000);
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

async function list(query: string): Promise<UiSessionList> {
  const route = sessionRoutes().find((candidate) => candidate.pattern === '/api/sessions')!;
  const context = { projectRoot: path.dirname(directory), sessionsDirectory: directory, sessions: store, signal: new AbortController().signal } as unknown as UiServerContext;
  const reply = await route.handle({ params: {}, query: new URLSearchParams(query), signal: context.signal }, context);
  return (reply as { json: UiSessionList }).json;
}

describe('the sessions list at 10,000 sessions', () => {
  it('answers the first page, cold then warm, the same, with what it skipped', async () => {
    const cold = await list('');
    expect(cold).toMatchObject({ total: SESSIONS, offset: 0, skipped: 2, models: ['claude-even', 'claude-odd'] });
    expect(cold.rows).toHaveLength(100);
    expect(await list('')).toEqual(cold);
  }, 120_000);

  it('pages, searches and filters', async () => {
    const last = await list(`offset=${SESSIONS - 10}&limit=500`);
    expect(last.rows).toHaveLength(10);
    const found = await list('q=TASK NUMBER 4242');
    expect(found.rows.map((row) => [row.id, row.title])).toEqual([[idOf(4242), 'task number 4242']]);
    expect((await list('q=s-0999')).total).toBe(10);
    expect((await list('model=claude-odd&limit=1')).total).toBe(SESSIONS / 2);
    expect((await list('status=running')).total).toBe(0);
  }, 120_000);

  it('refuses a limit past 500 and a status that is none (INPUT_INVALID)', async () => {
    await expect(list('limit=501')).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    await expect(list('status=busy')).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    await expect(list('offset=-1')).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });
});
