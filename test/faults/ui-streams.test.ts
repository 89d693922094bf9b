/**
 * `codev ui`'s server under clients that misbehave: one that never reads its event stream (the server must not
 * hold every event for it), and a thousand connections opened and dropped at every stage of a request.
 */
import { connect, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestUi, type TestUi } from '../../src/ui/server/test-fixtures/start-test-ui.ts';
import type { UiRoute } from '../../src/ui/server/types.ts';

const started: TestUi[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((ui) => ui.close()));
});

const ping: UiRoute = { method: 'GET', pattern: '/api/ping', handle: async () => ({ json: { pong: true } }) };

describe('codev ui: a client that never reads its stream', () => {
  it('gets its stream ended once the server holds about a megabyte for it: what is buffered stays bounded', { timeout: 60_000 }, async () => {
    let sent = 0;
    let writerEnded!: () => void;
    const ended = new Promise<void>((resolve) => (writerEnded = resolve));
    const event = { type: 'chunk', text: 'x'.repeat(16 * 1024) };
    const flood: UiRoute = {
      method: 'GET',
      pattern: '/api/flood',
      handle: async () => ({
        stream: async (send, signal) => {
          while (!signal.aborted) {
            send(event);
            sent += 1;
            await nextTurn();
          }
          writerEnded();
        },
      }),
    };
    const ui = await startTestUi({ routes: [flood, ping] });
    started.push(ui);
    // A raw socket that is never read: the kernel's buffers fill, then the server's.
    const socket = connect({ host: '127.0.0.1', port: ui.server.port });
    socket.pause();
    socket.write(`GET /api/flood HTTP/1.1\r\nHost: 127.0.0.1:${ui.server.port}\r\nAuthorization: Bearer ${ui.server.token}\r\nAccept: text/event-stream\r\n\r\n`);
    await ended;
    socket.destroy();
    // Socket buffers on both sides take some megabytes; without the bound the writer would never stop.
    expect(sent * event.text.length).toBeLessThan(64 * 1024 * 1024);
    await expect.poll(() => ui.server.openStreams).toBe(0);
    expect((await ui.send({ path: '/api/ping' })).status).toBe(200);
  });
});

describe('codev ui: a thousand connections opened and dropped', () => {
  it('leaves no stream open and keeps answering', { timeout: 120_000 }, async () => {
    const waitForAbort: UiRoute = { method: 'GET', pattern: '/api/events', handle: async () => ({ stream: (send, signal) => new Promise<void>((resolve) => (send({ type: 'open' }), signal.addEventListener('abort', () => resolve(), { once: true }))) }) };
    const ui = await startTestUi({ routes: [waitForAbort, ping], maxStreams: 16 });
    started.push(ui);
    const port = ui.server.port;
    const head = `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${ui.server.token}\r\nAccept: text/event-stream\r\n\r\n`;
    /** One connection dropped at `stage`: right after connecting, mid-headers, or once the answer began. */
    const dropped = (stage: number) =>
      new Promise<void>((resolve) => {
        const socket: Socket = connect({ host: '127.0.0.1', port }, () => {
          if (stage === 0) return socket.destroy();
          socket.write(stage === 1 ? head.slice(0, 40) : head);
          if (stage === 1) setTimeout(() => socket.destroy(), 5);
        });
        socket.once('data', () => socket.destroy());
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
      });
    for (let batch = 0; batch < 10; batch += 1) await Promise.all(Array.from({ length: 100 }, (_, index) => dropped(index % 3)));
    await expect.poll(() => ui.server.openStreams, { timeout: 10_000 }).toBe(0);
    expect((await ui.send({ path: '/api/ping' })).json()).toEqual({ pong: true });
    // The bound is back to whole: as many streams as it allows open again.
    const streams = await Promise.all(
      Array.from({ length: 16 }, () => new Promise<number>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, path: '/api/events', headers: { authorization: `Bearer ${ui.server.token}` }, agent: false }, (response) => {
          resolve(response.statusCode!);
          response.destroy();
        });
        request.on('error', reject);
        request.end();
      })),
    );
    expect(streams.every((status) => status === 200)).toBe(true);
  });
});
