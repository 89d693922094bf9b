import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bullmq from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';

// A queue of many jobs in several states: `status({ limit })` (what GET /api/fleet and the UI's hub poll every
// 2 s read with limit 200) took `limit` ids of each BullMQ state and read them all, answering up to seven
// times the rows asked (and the page, which keeps 200, showed others than the newest). The newest `limit`
// across the states are answered.

let redis: RedisServer;
let folder: string;
beforeAll(async () => {
  redis = await startRedisServer();
  folder = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-b2-fleet-rows-'));
  writeFileSync(path.join(folder, 'agent.ts'), "export default { system: 'never runs' };\n");
}, 60_000);
afterAll(async () => {
  await redis?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('fleet status of jobs in several states', () => {
  it('answers at most the rows asked', async () => {
    const queue = `test-${randomUUID().slice(0, 8)}`;
    const fleet = await createFleet({ connection: redis.url, queue, env: {} });
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    const bull = new bullmq.Queue(queue, { connection: client });
    try {
      const ids: string[] = [];
      for (let index = 0; index < 6; index++) ids.push((await fleet.submit({ script: path.join(folder, 'agent.ts'), prompt: `job ${index}`, cwd: folder })).id);
      // Half of them prioritized: another BullMQ state.
      for (const id of ids.slice(0, 3)) await (await bullmq.Job.fromId(bull, id))!.changePriority({ priority: 1 });
      expect(Object.values(await bull.getJobCounts('wait', 'prioritized'))).toEqual([3, 3]);
      const { jobs } = await fleet.status({ limit: 2 });
      expect(jobs).toHaveLength(2);
    } finally {
      await bull.close();
      client.disconnect();
      await fleet.close();
    }
  }, 60_000);
});
