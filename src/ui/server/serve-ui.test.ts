/** serveUi over real HTTP on loopback: routing, errors as statuses, POST bodies bounded, server-sent events bounded and closed. */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { startTestUi, type TestUi } from './test-fixtures/start-test-ui.ts';
import type { UiRoute } from './types.ts';

const started: TestUi[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((ui) => ui.close()));
});

async function start(options: Parameters<typeof startTestUi>[0] = {}): Promise<TestUi> {
  const ui = await startTestUi(options);
  started.push(ui);
  return ui;
}

const echo: UiRoute = { method: 'POST', pattern: '/api/echo', handle: async (request) => ({ json: { body: request.body } }) };
const json = (headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...headers });

/** Opens an event stream and collects its events until `stop` is called (which drops the connection). */
function openStream(ui: TestUi, path: string): Promise<{ response: IncomingMessage; events: unknown[]; next(count: number): Promise<void>; stop(): void; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: ui.server.port, path, headers: { authorization: `Bearer ${ui.server.token}`, accept: 'text/event-stream' }, agent: false }, (response) => {
      const events: unknown[] = [];
      const waiters: Array<{ count: number; resolve: () => void }> = [];
      let buffer = '';
      response.setEncoding('utf8');
      const ended = new Promise<void>((done) => response.once('close', () => done()));
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          events.push(JSON.parse(buffer.slice(0, end).replace(/^data: /, '')));
          buffer = buffer.slice(end + 2);
        }
        for (const waiter of waiters.filter((candidate) => events.length >= candidate.count)) waiter.resolve();
      });
      resolve({
        response,
        events,
        ended,
        next: (count) => new Promise((done) => (events.length >= count ? done() : waiters.push({ count, resolve: done }))),
        stop: () => request.destroy(),
      });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('serveUi: the API', () => {
  it('routes by method and pattern, with params and query, and answers JSON that is never cached', async () => {
    const ui = await start({ routes: [{ method: 'GET', pattern: '/api/things/:id', handle: async (request) => ({ json: { id: request.params.id, q: request.query.get('q') } }) }] });
    const answer = await ui.send({ path: '/api/things/t%201?q=x' });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ id: 't 1', q: 'x' });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await ui.send({ path: '/api/nothing' })).status).toBe(404);
    expect((await ui.send({ method: 'POST', path: '/api/things/1', headers: json({ origin: `http://127.0.0.1:${ui.server.port}` }), body: '{}' })).status).toBe(405);
  });

  it("answers a route's CodevError with its code's status, and any other failure with UI_SERVE_FAILED 500", async () => {
    const failing = (error: unknown): UiRoute['handle'] => async () => {
      throw error;
    };
    const ui = await start({
      routes: [
        { method: 'GET', pattern: '/api/missing', handle: failing(new CodevError('SESSION_NOT_FOUND', 'no such session')) },
        { method: 'GET', pattern: '/api/no-fleet', handle: failing(new CodevError('FLEET_NOT_CONFIGURED', 'no fleet')) },
        { method: 'GET', pattern: '/api/bad', handle: failing(new CodevError('INPUT_INVALID', 'bad limit')) },
        { method: 'GET', pattern: '/api/broken', handle: failing(new Error('boom')) },
      ],
    });
    const codes = async (path: string) => {
      const answer = await ui.send({ path });
      return [answer.status, (answer.json() as { error: { code: string } }).error.code];
    };
    expect(await codes('/api/missing')).toEqual([404, 'SESSION_NOT_FOUND']);
    expect(await codes('/api/no-fleet')).toEqual([404, 'FLEET_NOT_CONFIGURED']);
    expect(await codes('/api/bad')).toEqual([400, 'INPUT_INVALID']);
    expect(await codes('/api/broken')).toEqual([500, 'UI_SERVE_FAILED']);
  });

  it('parses a JSON POST body, and refuses one that is not JSON (400) or past the bound (413) before the route runs', async () => {
    let calls = 0;
    const ui = await start({ routes: [{ ...echo, handle: async (request, context) => ((calls += 1), echo.handle(request, context)) }] });
    const origin = `http://127.0.0.1:${ui.server.port}`;
    const post = (body: string) => ui.send({ method: 'POST', path: '/api/echo', headers: json({ origin }), body });
    expect((await post('{"a":1}')).json()).toEqual({ body: { a: 1 } });
    const notJson = await post('{a');
    expect([notJson.status, (notJson.json() as { error: { code: string } }).error.code]).toEqual([400, 'INPUT_INVALID']);
    expect((await post(JSON.stringify({ big: 'x'.repeat(300 * 1024) }))).status).toBe(413);
    expect(calls).toBe(1);
  });

  it('streams server-sent events, pings, and ends the stream when the client leaves', async () => {
    let ended!: () => void;
    const writerEnded = new Promise<void>((resolve) => (ended = resolve));
    const ui = await start({
      pingIntervalMs: 20,
      routes: [{ method: 'GET', pattern: '/api/events', handle: async () => ({ stream: async (send, signal) => {
        send({ type: 'hello' });
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        ended();
      } }) }],
    });
    const stream = await openStream(ui, '/api/events');
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await stream.next(2);
    expect(stream.events[0]).toEqual({ type: 'hello' });
    expect(stream.events[1]).toEqual({ type: 'ping' });
    expect(ui.server.openStreams).toBe(1);
    stream.stop();
    await writerEnded;
    await expect.poll(() => ui.server.openStreams).toBe(0);
  });

  it('answers 503 past the streams bound, and close() ends every open stream, even one whose writer ignores its abort', async () => {
    const ui = await start({
      maxStreams: 2,
      routes: [
        { method: 'GET', pattern: '/api/events', handle: async () => ({ stream: (send, signal) => new Promise<void>((resolve) => (send({ type: 'open' }), signal.addEventListener('abort', () => resolve(), { once: true }))) }) },
        { method: 'GET', pattern: '/api/stubborn', handle: async () => ({ stream: (send) => new Promise<void>(() => send({ type: 'open' })) }) },
      ],
    });
    const first = await openStream(ui, '/api/events');
    const second = await openStream(ui, '/api/stubborn');
    await Promise.all([first.next(1), second.next(1)]);
    const third = await ui.send({ path: '/api/events' });
    expect([third.status, (third.json() as { error: { code: string } }).error.code]).toEqual([503, 'UI_SERVE_FAILED']);
    await ui.server.close();
    await Promise.all([first.ended, second.ended]);
    expect(ui.server.openStreams).toBe(0);
  });

  it('aborts the context signal on close, and close() may be called twice', async () => {
    const ui = await start({ routes: [] });
    const signal = ui.server.context.signal;
    await Promise.all([ui.server.close(), ui.server.close()]);
    expect(signal.aborted).toBe(true);
  });
});
