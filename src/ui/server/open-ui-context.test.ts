/** The context serveUi opens: the project found upward, its stores, and a fleet that is reachable or says why not. */
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../fleet/test-fixtures/start-redis-server.ts';
import { startTestUi } from './test-fixtures/start-test-ui.ts';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

describe('serveUi: the context', () => {
  it('has the project, its sessions folder and store, its kernel, and no fleet when none is given', async () => {
    const ui = await startTestUi({ routes: [] });
    try {
      const { context } = ui.server;
      expect(context.projectRoot).toBe(ui.projectRoot);
      expect(context.sessionsDirectory).toBe(path.join(ui.projectRoot, '.codev', 'sessions'));
      expect(await context.sessions.list()).toEqual([]);
      expect(context.kernel.tools.map((tool) => tool.name)).toContain('Read');
      expect([context.fleet, context.fleetError]).toEqual([undefined, undefined]);
    } finally {
      await ui.close();
    }
  });

  it('opens the fleet and its Redis session store when a Redis is given', { timeout: 30_000 }, async () => {
    const ui = await startTestUi({ routes: [], redis: redis.url, queue: 'ui-test' });
    try {
      const fleet = ui.server.context.fleet!;
      expect(fleet.queue).toBe('ui-test');
      expect(await fleet.sessions.list()).toEqual([]);
      expect((await fleet.fleet.status()).jobs).toEqual([]);
      expect(ui.server.context.fleetError).toBeUndefined();
    } finally {
      await ui.close();
    }
  });

  it('serves with fleetError set when the Redis does not answer', { timeout: 60_000 }, async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const ui = await startTestUi({ routes: [{ method: 'GET', pattern: '/api/ping', handle: async () => ({ json: { pong: true } }) }], redis: `redis://127.0.0.1:${port}` });
    try {
      expect(ui.server.context.fleet).toBeUndefined();
      expect(ui.server.context.fleetError?.code).toBe('FLEET_REDIS_UNREACHABLE');
      expect((await ui.send({ path: '/api/ping' })).status).toBe(200);
    } finally {
      await ui.close();
    }
  });
});
