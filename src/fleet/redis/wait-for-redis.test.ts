import { afterEach, describe, expect, it } from 'vitest';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { freePort } from '../test-fixtures/free-port.ts';
import { startRedisServer, type RedisServer } from '../test-fixtures/start-redis-server.ts';
import { waitForRedis, type RedisRetry } from './wait-for-redis.ts';

let server: RedisServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('waitForRedis', () => {
  it('retries with a doubling delay, saying so, and connects once a server starts on the port', async () => {
    const port = await freePort();
    const retries: RedisRetry[] = [];
    const controller = new AbortController();
    const bound = setTimeout(() => controller.abort(new Error('no connection within 15 s')), 15_000);
    const connecting = waitForRedis({ url: `redis://127.0.0.1:${port}`, signal: controller.signal, onRetry: (retry) => void retries.push(retry) });
    try {
      const deadline = Date.now() + 10_000;
      while (retries.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      server = await startRedisServer({ port });
      const client = await connecting;
      expect(await client.ping()).toBe('PONG');
      await client.quit();
    } finally {
      clearTimeout(bound);
    }
    expect(retries.slice(0, 3).map(({ attempt, delayMs }) => ({ attempt, delayMs }))).toEqual([
      { attempt: 1, delayMs: 250 },
      { attempt: 2, delayMs: 500 },
      { attempt: 3, delayMs: 1_000 },
    ]);
    expect(retries.every((retry) => retry.error.code === 'FLEET_REDIS_UNREACHABLE')).toBe(true);
  });

  it('stops waiting when aborted, with the signal\'s reason', async () => {
    const controller = new AbortController();
    const connecting = waitForRedis({ url: `redis://127.0.0.1:${await freePort()}`, signal: controller.signal, onRetry: () => controller.abort(new Error('stopped')) });
    expect(await rejectionCode(connecting)).toBe('Error: stopped');
  });
});
