import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { freePort } from '../test-fixtures/free-port.ts';
import { startRedisServer, type RedisServer } from '../test-fixtures/start-redis-server.ts';
import { connectRedis } from './connect-redis.ts';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

/** The error `promise` rejects with (a test failure when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<CodevError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (outcome === undefined) throw new Error('expected a rejection');
  return outcome as CodevError;
}

describe('connectRedis', () => {
  it('returns a ready client, named, that BullMQ can use (no per-request retry limit)', async () => {
    const client = await connectRedis({ url: redis.url, name: 'codev-test' });
    try {
      expect(client.status).toBe('ready');
      expect(await client.client('GETNAME')).toBe('codev-test');
      expect(client.options.maxRetriesPerRequest).toBeNull();
    } finally {
      await client.quit();
    }
  });

  it('says FLEET_REDIS_UNREACHABLE at once when nothing listens, naming the URL without its password', async () => {
    const port = await freePort();
    // A timeout past the test's own: "at once" means it does not wait for it.
    const error = await rejection(connectRedis({ url: `redis://worker:s3cret@127.0.0.1:${port}/0`, timeoutMs: 60_000 }));
    expect(error.code).toBe('FLEET_REDIS_UNREACHABLE');
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).not.toContain('s3cret');
    expect(error.hint).toContain('CODEV_REDIS_URL');
  });

  it('gives up on a server that never answers within the bound, and then makes no further attempts', async () => {
    const connections: net.Socket[] = [];
    let closed = 0;
    const silent = net.createServer((socket) => {
      connections.push(socket);
      socket.resume().on('close', () => closed++);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const error = await rejection(connectRedis({ url: `redis://127.0.0.1:${port}`, timeoutMs: 300 }));
      expect(error.code).toBe('FLEET_REDIS_UNREACHABLE');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(connections).toHaveLength(1);
      expect(closed).toBe(1);
    } finally {
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('rejects with the reason of an aborted signal', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    expect(await rejection(connectRedis({ url: redis.url, signal: controller.signal }))).toBe(reason);
  });
});

describe('connectRedis against a Redis with a password', () => {
  let locked: RedisServer;
  beforeAll(async () => {
    locked = await startRedisServer({ password: 'right' });
    const admin = await connectRedis({ url: `redis://:right@127.0.0.1:${locked.port}` });
    await admin.call('ACL', 'SETUSER', 'nobody', 'on', '>nobody-secret', '-@all');
    await admin.quit();
  });
  afterAll(() => locked?.stop());

  it('says FLEET_REDIS_AUTH_FAILED for a wrong password, none, or a user that may run nothing, without the password', async () => {
    for (const auth of [':wrong@', '', 'nobody:nobody-secret@']) {
      const error = await rejection(connectRedis({ url: `redis://${auth}127.0.0.1:${locked.port}` }));
      expect(error.code).toBe('FLEET_REDIS_AUTH_FAILED');
      expect(error.message).not.toMatch(/wrong|nobody-secret/);
    }
    const client = await connectRedis({ url: `redis://:right@127.0.0.1:${locked.port}` });
    await client.quit();
  });
});
