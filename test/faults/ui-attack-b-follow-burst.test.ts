import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';
import { startTestUi, type TestUi } from '../../src/ui/server/test-fixtures/start-test-ui.ts';
import type { UiSessionEvent } from '../../src/ui/types.ts';

// An agent writes a burst while its session is followed (one read takes up to 32 MiB: many big items at
// once): the events of one read were written without waiting for the client, so past the stream's 1 MiB
// bound the stream of a client that reads was cut, and what the burst held never reached the page.

let ui: TestUi | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const timestamp = '2026-01-01T00:00:01.000Z';
const prompt = (index: number) => `${JSON.stringify({ type: 'message', uuid: `u${index}`, timestamp, message: { role: 'user', content: `prompt ${index} ${'x'.repeat(100 * 1024)}` } })}\n`;

/** Reads the stream until `enough` holds or it ends; whether it ended, and the events. */
function readStream(options: { port: number; token: string; enough: (events: UiSessionEvent[]) => boolean }): Promise<{ ended: boolean; events: UiSessionEvent[] }> {
  return new Promise((resolve, reject) => {
    const events: UiSessionEvent[] = [];
    let buffer = '';
    const request = httpRequest({ host: '127.0.0.1', port: options.port, path: '/api/sessions/burst/events', headers: { host: `127.0.0.1:${options.port}`, authorization: `Bearer ${options.token}` }, agent: false }, (response) => {
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

describe('a burst written while a session is followed', () => {
  it('reaches a reading client whole, and its stream stays open', async () => {
    ui = await startTestUi({ prepare: () => {} });
    const directory = sessionsDirectory(ui.projectRoot);
    mkdirSync(directory, { recursive: true });
    const file = path.join(directory, 'burst.jsonl');
    const metadata = { id: 'burst', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' };
    writeFileSync(file, `${JSON.stringify({ type: 'session', format: 1, metadata })}\n${prompt(0)}`);
    const BURST = 300;
    const prompts = (events: UiSessionEvent[]) => new Set(events.flatMap((event) => (event.type === 'items' ? event.items : [])).filter((item) => item.kind === 'prompt').map((item) => item.id));
    let written = false;
    const { ended, events } = await readStream({
      port: ui.server.port,
      token: ui.server.token,
      enough: (read) => {
        // The first event read: the burst is written at once.
        if (!written) {
          written = true;
          appendFileSync(file, Array.from({ length: BURST }, (_, index) => prompt(index + 1)).join(''));
        }
        return prompts(read).size === BURST + 1;
      },
    });
    expect(ended).toBe(false);
    expect(prompts(events).size).toBe(BURST + 1);
  }, 60_000);
});
