import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';
import { startTestUi, type TestUi } from '../../src/ui/server/test-fixtures/start-test-ui.ts';

// Clients that open a session's event stream and vanish, in a loop (a page reloaded again and again): each
// stream's watcher, timer and descriptors must go with it; the server keeps no stream and no descriptor.

let ui: TestUi | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const descriptors = () => readdirSync('/proc/self/fd').length;

/** Opens the stream, waits for its first event, then drops the connection. */
function visit(port: number, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/api/sessions/churn/events', headers: { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}` }, agent: false }, (response) => {
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('clients that follow a session and vanish, in a loop', () => {
  it('leave no stream and no descriptor behind', async () => {
    ui = await startTestUi({ prepare: () => {} });
    const directory = sessionsDirectory(ui.projectRoot);
    mkdirSync(directory, { recursive: true });
    const metadata = { id: 'churn', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' };
    writeFileSync(path.join(directory, 'churn.jsonl'), `${JSON.stringify({ type: 'session', format: 1, metadata })}\n${JSON.stringify({ type: 'message', uuid: 'u1', timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: 'hi' } })}\n`);
    const server = ui.server;
    await visit(server.port, server.token);
    await expect.poll(() => server.openStreams).toBe(0);
    const before = descriptors();
    for (let index = 0; index < 300; index++) await visit(server.port, server.token);
    await expect.poll(() => server.openStreams).toBe(0);
    await expect.poll(() => descriptors() - before <= 2).toBe(true);
  }, 120_000);
});
