import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../../transcripts/create-file-session-store.ts';
import type { SessionStore } from '../../../transcripts/types.ts';
import type { UiSessionEvent, UiSessionView, UiToolResultText } from '../../types.ts';
import type { UiReply, UiServerContext } from '../types.ts';
import { sessionRoutes } from './session-routes.ts';

let directory: string;
let store: SessionStore;
let context: UiServerContext;
let server: AbortController;
beforeEach(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-routes-'));
  store = createFileSessionStore({ directory });
  server = new AbortController();
  context = { projectRoot: path.dirname(directory), sessionsDirectory: directory, sessions: store, signal: server.signal } as unknown as UiServerContext;
  const at = '2026-01-01T00:00:00.000Z';
  const writer = await store.open({ id: 'main', metadata: { id: 'main', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: at } });
  await writer.append([
    { type: 'message', uuid: 'u1', timestamp: at, message: { role: 'user', content: 'hello there' } },
    { type: 'message', uuid: 'a1', timestamp: at, message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Agent', input: { prompt: 'look' } }] } },
    { type: 'message', uuid: 'r1', timestamp: at, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x'.repeat(5000) }] } },
  ]);
  await writer.close();
  const child = await store.open({ id: 'child', metadata: { id: 'child', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: at, parentSessionId: 'main' } });
  await child.close();
});
afterEach(() => {
  server.abort();
  rmSync(directory, { recursive: true, force: true });
});

async function get(pattern: string, params: Record<string, string> = {}, signal = server.signal): Promise<UiReply> {
  const route = sessionRoutes().find((candidate) => candidate.pattern === pattern && candidate.method === 'GET')!;
  return route.handle({ params, query: new URLSearchParams(), signal }, context);
}
const json = <T>(reply: UiReply) => (reply as { json: T }).json;

describe('sessionRoutes', () => {
  it('offers the four routes of the contract', () => {
    expect(sessionRoutes().map((route) => `${route.method} ${route.pattern}`).sort()).toEqual(['GET /api/sessions', 'GET /api/sessions/:id', 'GET /api/sessions/:id/events', 'GET /api/sessions/:id/results/:toolUseId']);
  });

  it('answers a session with its subagents found by their parent (an Agent call without a record naming one)', async () => {
    const view = json<UiSessionView>(await get('/api/sessions/:id', { id: 'main' }));
    expect(view).toMatchObject({ id: 'main', row: { title: 'hello there', status: 'idle' }, subagents: ['child'] });
    expect(view.items[1]).toMatchObject({ kind: 'tool-call', result: { chars: 5000 } });
  });

  it('answers a result whole, and SESSION_NOT_FOUND for a call it does not have or a session that is not there', async () => {
    expect(json<UiToolResultText>(await get('/api/sessions/:id/results/:toolUseId', { id: 'main', toolUseId: 'toolu_1' })).text).toHaveLength(5000);
    await expect(get('/api/sessions/:id/results/:toolUseId', { id: 'main', toolUseId: 'toolu_9' })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    await expect(get('/api/sessions/:id', { id: 'gone' })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    await expect(get('/api/sessions/:id/events', { id: 'gone' })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('streams the session\'s items first, and ends when its signal aborts', async () => {
    const reply = await get('/api/sessions/:id/events', { id: 'main' });
    const events: UiSessionEvent[] = [];
    const stream = new AbortController();
    const done = (reply as { stream: (send: (event: unknown) => void, signal: AbortSignal) => Promise<void> }).stream((event) => {
      events.push(event as UiSessionEvent);
      stream.abort();
    }, stream.signal);
    await done;
    expect(events).toEqual([expect.objectContaining({ type: 'items', items: expect.arrayContaining([expect.objectContaining({ id: 'toolu_1' })]), row: expect.objectContaining({ id: 'main' }) })]);
  });
});
