import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';
import { startTestUi, type TestUi } from '../../src/ui/server/test-fixtures/start-test-ui.ts';
import { applySessionItems } from '../../src/ui/page/apply-session-event.ts';
import type { UiSessionEvent, UiSessionView } from '../../src/ui/types.ts';

// A long session (thousands of model requests) followed live: every event carried all of its turns, so each
// one grew with the session past the stream's buffer bound (1 MiB), and the stream of a client that reads
// was cut on its second event: the page lost the live view (and reconnected to be cut again). An event
// carries the turns new or changed since the stream's last event.

let ui: TestUi | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const TURNS = 20_000;
const PROMPTS = 150;

function writeLongSession(projectRoot: string): void {
  const directory = sessionsDirectory(projectRoot);
  mkdirSync(directory, { recursive: true });
  const metadata = { id: 'long', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' };
  const lines = [JSON.stringify({ type: 'session', format: 1, metadata })];
  const timestamp = '2026-01-01T00:00:01.000Z';
  for (let turn = 1; turn <= TURNS; turn++) {
    lines.push(JSON.stringify({ type: 'record', timestamp, record: { kind: 'request', turn, model: 'claude-test', usage: { inputTokens: 1000, outputTokens: 100, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 }, costUsd: 0.001, durationMs: 1000 } }));
  }
  for (let index = 0; index < PROMPTS; index++) lines.push(JSON.stringify({ type: 'message', uuid: `u${index}`, timestamp, message: { role: 'user', content: `prompt ${index}` } }));
  writeFileSync(path.join(directory, 'long.jsonl'), `${lines.join('\n')}\n`);
}

/** Reads the stream until `enough` holds or it ends; whether it ended, and the events. */
function readStream(options: { port: number; token: string; enough: (events: UiSessionEvent[]) => boolean }): Promise<{ ended: boolean; events: UiSessionEvent[] }> {
  return new Promise((resolve, reject) => {
    const events: UiSessionEvent[] = [];
    let buffer = '';
    const request = httpRequest({ host: '127.0.0.1', port: options.port, path: '/api/sessions/long/events', headers: { host: `127.0.0.1:${options.port}`, authorization: `Bearer ${options.token}` }, agent: false }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) events.push(JSON.parse(block.slice('data: '.length)) as UiSessionEvent);
        }
        if (options.enough(events)) {
          request.destroy();
          resolve({ ended: false, events });
        }
      });
      response.on('end', () => resolve({ ended: true, events }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('following a session of many turns', () => {
  it('keeps the stream of a reading client open: no event carries every turn again', async () => {
    ui = await startTestUi({ prepare: () => {} });
    writeLongSession(ui.projectRoot);
    const items = (events: UiSessionEvent[]) => events.flatMap((event) => (event.type === 'items' ? event.items : []));
    const { ended, events } = await readStream({ port: ui.server.port, token: ui.server.token, enough: (read) => items(read).length >= PROMPTS });
    expect(ended).toBe(false);
    expect(items(events).filter((item) => item.kind === 'prompt')).toHaveLength(PROMPTS);
    // The page, applying the events to the view it read, has every turn once.
    let view = (await ui.send({ path: '/api/sessions/long' })).json() as UiSessionView;
    for (const event of events) if (event.type === 'items') view = applySessionItems(view, event);
    expect(view.turns.map((turn) => turn.turn)).toEqual(Array.from({ length: TURNS }, (_, index) => index + 1));
  }, 60_000);
});
