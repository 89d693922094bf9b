import { describe, expect, it } from 'vitest';
import { createIdleWatchdog } from './create-idle-watchdog.ts';

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A real response whose body sends one chunk every `everyMs`, `count` times, then hangs open. */
function tricklingResponse(options: { everyMs: number; count: number }): Response {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === options.count) return new Promise<void>(() => {});
      await sleep(options.everyMs);
      sent++;
      controller.enqueue(new TextEncoder().encode('event: ping\ndata: {"type":"ping"}\n\n'));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

async function readAll(response: Response, until: () => boolean): Promise<number> {
  const reader = response.body!.getReader();
  let chunks = 0;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  while (!until()) {
    pending ??= reader.read();
    const next = await Promise.race([pending, sleep(20).then(() => undefined)]);
    if (!next) continue;
    pending = undefined;
    if (!next.done) chunks++;
  }
  void reader.cancel().catch(() => {});
  return chunks;
}

describe('createIdleWatchdog', () => {
  it('lets a slow stream live as long as each byte comes within the timeout, then fires once it goes quiet', async () => {
    let idleAt = 0;
    const started = performance.now();
    const watchdog = createIdleWatchdog({ timeoutMs: 150, onIdle: () => (idleAt = performance.now()) });
    const response = await watchdog.middleware(new Request('http://127.0.0.1/'), async () => tricklingResponse({ everyMs: 60, count: 8 }), undefined as never);
    const chunks = await readAll(response, () => idleAt > 0 || performance.now() - started > 3_000);
    watchdog.stop();
    expect(chunks).toBe(8);
    expect(watchdog.fired).toBe(true);
    // Eight chunks 60 ms apart (480 ms, three times the timeout), then 150 ms of silence.
    expect(idleAt - started).toBeGreaterThanOrEqual(480 + 150 - 20);
  });

  it('counts the wait for the headers too, and never fires once stopped or when off', async () => {
    let fired = 0;
    const watchdog = createIdleWatchdog({ timeoutMs: 50, onIdle: () => fired++ });
    const pending = watchdog.middleware(new Request('http://127.0.0.1/'), () => new Promise<Response>(() => {}), undefined as never);
    void pending;
    await sleep(120);
    expect(fired).toBe(1);
    const stopped = createIdleWatchdog({ timeoutMs: 50, onIdle: () => fired++ });
    void stopped.middleware(new Request('http://127.0.0.1/'), () => new Promise<Response>(() => {}), undefined as never);
    stopped.stop();
    const off = createIdleWatchdog({ timeoutMs: 0, onIdle: () => fired++ });
    void off.middleware(new Request('http://127.0.0.1/'), () => new Promise<Response>(() => {}), undefined as never);
    await sleep(120);
    expect(fired).toBe(1);
  });
});
