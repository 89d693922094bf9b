import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { followSession } from '../../src/ui/server/sessions/follow-session.ts';
import type { UiSessionEvent } from '../../src/ui/types.ts';

// A session followed live that keeps growing: the view of a session is bounded (256 MiB read, past it the rest
// is not shown and the session not followed), but the follower applied every new entry to the timeline it
// holds, without bound: one open page held a session's whole growth in the server's memory. Past the bound
// (here given small) the follower lets go of its timeline and sends `reset`: the page reads the session
// again, within the view's bound (which says what it does not show), and the stream follows no more.

let directory: string | undefined;
afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

const AT = '2026-01-01T00:00:00.000Z';
const BOUND = 64 * 1024;

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited++) {
    if (waited > 1200) throw new Error('waited 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('following a session that grows past the view bound', () => {
  it('lets go of the timeline past the bound: reset, then no more items', async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-b2-follow-bound-'));
    const store = createFileSessionStore({ directory });
    const writer = await store.open({ id: 'grow', metadata: { id: 'grow', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: AT } });
    await writer.append([{ type: 'message', uuid: 'u0', timestamp: AT, message: { role: 'user', content: 'start' } }]);
    const events: UiSessionEvent[] = [];
    const stream = new AbortController();
    const options = { store, sessionsDirectory: directory, id: 'grow', signal: stream.signal, pollMs: 20, send: (event: UiSessionEvent) => void events.push(event), maxFollowBytes: BOUND };
    const done = followSession(options);
    try {
      await until(() => events.length > 0);
      // Four times the bound, in many writes.
      for (let index = 0; index < 64; index++) {
        await writer.append([{ type: 'message', uuid: `m${index}`, timestamp: AT, message: { role: 'user', content: `${index} ${'x'.repeat(4096)}` } }]);
        if (events.some((event) => event.type === 'reset')) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await until(() => events.some((event) => event.type === 'reset'));
      const afterReset = () => events.slice(events.findIndex((event) => event.type === 'reset') + 1);
      await writer.append([{ type: 'message', uuid: 'late', timestamp: AT, message: { role: 'user', content: 'written after the follower let go' } }]);
      // Many poll periods: a follower still following sends the late entry within one.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(afterReset().filter((event) => event.type === 'items')).toEqual([]);
      // What was sent before it let go stays within the bound (plus one read).
      const sent = events.flatMap((event) => (event.type === 'items' ? event.items : []));
      expect(JSON.stringify(sent).length).toBeLessThan(BOUND * 3);
    } finally {
      stream.abort();
      await done;
      await writer.close();
    }
  }, 120_000);
});
