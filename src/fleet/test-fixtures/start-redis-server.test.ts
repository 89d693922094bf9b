import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRedis } from '../redis/connect-redis.ts';
import { startRedisServer, type RedisServer } from './start-redis-server.ts';

let server: RedisServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startRedisServer', () => {
  it('keeps what was written through kill -9 and a restart when append-only, on the same port', async () => {
    server = await startRedisServer({ appendOnly: true });
    const client = await connectRedis({ url: server.url });
    await client.rpush('kept', 'a', 'b');
    // appendfsync everysec: give the file its fsync before the crash.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await client.quit();
    const firstPid = server.pid;
    await server.kill9();
    expect(isRunning(firstPid)).toBe(false);
    await server.restart();
    expect(server.pid).not.toBe(firstPid);
    const again = await connectRedis({ url: server.url });
    expect(await again.lrange('kept', 0, -1)).toEqual(['a', 'b']);
    await again.quit();
  });

  it('stops its own process and removes its temp folder', async () => {
    const started = await startRedisServer();
    await started.stop();
    expect(isRunning(started.pid)).toBe(false);
    expect(existsSync(started.directory)).toBe(false);
  });

  it('says how to install redis-server when it is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(startRedisServer()).rejects.toThrow(/apt-get install redis-server/);
    } finally {
      process.env.PATH = path;
    }
  });
});
