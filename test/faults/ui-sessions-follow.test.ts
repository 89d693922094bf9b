import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { SessionMetadata, TranscriptEntry } from '../../src/transcripts/types.ts';
import { followSession } from '../../src/ui/server/sessions/follow-session.ts';
import { readSessionView } from '../../src/ui/server/sessions/read-session-view.ts';
import type { UiSessionEvent, UiTimelineItem } from '../../src/ui/types.ts';

// A session is followed (`GET /api/sessions/:id/events`) while an agent writes it: every item must reach the
// page once it is written, a call again when its result comes, and nothing twice otherwise; a line caught
// half-written is shown once it is whole; a transcript replaced under the follower is a reset.

const folders: string[] = [];
const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const metadata = (id: string): SessionMetadata => ({ id, cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' });
const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 1) + index).toISOString();

/** The entries of one turn: a prompt, a reply with a call, the call's result (with a note). */
function turn(index: number): TranscriptEntry[] {
  return [
    { type: 'message', uuid: `u${index}`, timestamp: at(index * 3), message: { role: 'user', content: `prompt ${index}` } },
    { type: 'message', uuid: `a${index}`, timestamp: at(index * 3 + 1), message: { role: 'assistant', content: [{ type: 'text', text: `reply ${index}` }, { type: 'tool_use', id: `toolu_${index}`, name: 'Echo', input: { index } }] } },
    { type: 'message', uuid: `r${index}`, timestamp: at(index * 3 + 2), message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${index}`, content: `echo ${index}` }] } },
  ];
}

function follow(options: { directory: string; id: string }) {
  const events: UiSessionEvent[] = [];
  const controller = new AbortController();
  controllers.push(controller);
  const done = followSession({ store: createFileSessionStore({ directory: options.directory }), sessionsDirectory: options.directory, id: options.id, send: (event) => void events.push(event), signal: controller.signal, pollMs: 20 });
  return { events, done, stop: () => controller.abort() };
}

/** Waits until `check` holds (the follower reads on its own schedule). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const sent = (events: UiSessionEvent[]) => events.flatMap((event) => (event.type === 'items' ? event.items : []));

function folder(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-follow-'));
  folders.push(directory);
  return directory;
}

describe('following a session while it is written', () => {
  it('sends every item written, each once, and a call again with its result', async () => {
    const directory = folder();
    const store = createFileSessionStore({ directory });
    const writer = await store.open({ id: 's1', metadata: metadata('s1') });
    await writer.append(turn(0));
    await writer.flush?.();
    const follower = follow({ directory, id: 's1' });
    const turns = 40;
    for (let index = 1; index < turns; index++) {
      const [prompt, reply, result] = turn(index);
      await writer.append([prompt!, reply!]);
      if (index % 3 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await writer.append([result!]);
    }
    await writer.close();
    await until(() => sent(follower.events).some((item) => item.id === `toolu_${turns - 1}` && item.kind === 'tool-call' && item.result !== undefined));
    follower.stop();
    await follower.done;

    const view = await readSessionView({ store, sessionsDirectory: directory, id: 's1' });
    const last = new Map<string, UiTimelineItem>();
    for (const item of sent(follower.events)) last.set(item.id, item);
    expect([...last.keys()].sort()).toEqual(view.items.map((item) => item.id).sort());
    for (const item of view.items) expect(last.get(item.id)).toEqual(item);
    const counts = new Map<string, number>();
    for (const item of sent(follower.events)) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    for (const [id, count] of counts) expect(count, id).toBeLessThanOrEqual(id.startsWith('toolu_') ? 2 : 1);
    expect(follower.events.some((event) => event.type === 'reset')).toBe(false);
  });

  it('shows a line caught half-written once it is whole, once', async () => {
    const directory = folder();
    const store = createFileSessionStore({ directory });
    const writer = await store.open({ id: 's2', metadata: metadata('s2') });
    await writer.append(turn(0));
    await writer.close();
    const follower = follow({ directory, id: 's2' });
    await until(() => follower.events.length > 0);
    const line = JSON.stringify(turn(1)[0]);
    const file = path.join(directory, 's2.jsonl');
    appendFileSync(file, line.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent(follower.events).some((item) => item.id === 'u1:0')).toBe(false);
    appendFileSync(file, `${line.slice(20)}\n`);
    await until(() => sent(follower.events).some((item) => item.id === 'u1:0'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    follower.stop();
    await follower.done;
    expect(sent(follower.events).filter((item) => item.id === 'u1:0')).toEqual([expect.objectContaining({ kind: 'prompt', text: 'prompt 1' })]);
  });

  it('sends a reset when the transcript is replaced by a shorter one, then follows the new one', async () => {
    const directory = folder();
    const store = createFileSessionStore({ directory });
    const writer = await store.open({ id: 's3', metadata: metadata('s3') });
    await writer.append([...turn(0), ...turn(1)]);
    await writer.close();
    const follower = follow({ directory, id: 's3' });
    await until(() => follower.events.length > 0);
    const file = path.join(directory, 's3.jsonl');
    writeFileSync(file, `${JSON.stringify({ type: 'session', format: 1, metadata: metadata('s3') })}\n${JSON.stringify(turn(5)[0])}\n`);
    await until(() => follower.events.some((event) => event.type === 'reset'));
    appendFileSync(file, `${JSON.stringify(turn(6)[0])}\n`);
    await until(() => sent(follower.events).some((item) => item.id === 'u6:0'));
    follower.stop();
    await follower.done;
    // The page reads the session again on the reset (u5 with it); what came after it arrives as items.
    const afterReset = follower.events.slice(follower.events.findIndex((event) => event.type === 'reset') + 1);
    expect(sent(afterReset).map((item) => item.id)).toEqual(['u6:0']);
  });

  it('sends the row again when the agent lets go of the session: running, then idle', async () => {
    const directory = folder();
    const store = createFileSessionStore({ directory });
    const writer = await store.open({ id: 's5', metadata: metadata('s5') });
    await writer.append(turn(0));
    await writer.flush?.();
    const follower = follow({ directory, id: 's5' });
    await until(() => follower.events.length > 0);
    await writer.close();
    await until(() => follower.events.some((event) => event.type === 'items' && event.row.status === 'idle'));
    follower.stop();
    await follower.done;
    const rows = follower.events.flatMap((event) => (event.type === 'items' ? [event] : []));
    expect(rows[0]!.row.status).toBe('running');
    expect(rows.at(-1)).toMatchObject({ items: [], row: { status: 'idle' } });
  });

  it('catches a long session up with its latest items only, within the server\'s buffer bound', async () => {
    const directory = folder();
    const store = createFileSessionStore({ directory });
    const writer = await store.open({ id: 's6', metadata: metadata('s6') });
    for (let index = 0; index < 1000; index++) await writer.append(turn(index));
    await writer.close();
    const follower = follow({ directory, id: 's6' });
    await until(() => follower.events.length > 0);
    follower.stop();
    await follower.done;
    const first = sent(follower.events);
    expect(first.at(-1)!.id).toBe('toolu_999');
    expect(first.some((item) => item.id === 'u0:0')).toBe(false);
    expect(first.length).toBeGreaterThan(100);
    expect(JSON.stringify(follower.events).length).toBeLessThan(512 * 1024);
  });

  it('stops reading, and its watcher, when the stream ends', async () => {
    const directory = folder();
    const store = createFileSessionStore({ directory });
    const writer = await store.open({ id: 's4', metadata: metadata('s4') });
    await writer.append(turn(0));
    await writer.close();
    const follower = follow({ directory, id: 's4' });
    await until(() => follower.events.length > 0);
    follower.stop();
    await follower.done;
    const count = follower.events.length;
    appendFileSync(path.join(directory, 's4.jsonl'), `${JSON.stringify(turn(1)[0])}\n`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(follower.events).toHaveLength(count);
  });
});
