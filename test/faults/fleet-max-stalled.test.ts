/**
 * `codev worker --max-stalled N`: how many times a job may be taken over from a worker that stopped renewing
 * its lock before BullMQ fails it. With 1, a job whose worker is killed twice is failed at the second stall
 * check and never runs a third time (with the default, 3, it would).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { killChaosWorker, startChaosWorker, stopChaosWorker, type ChaosWorker, type ChaosWorkerSettings } from '../fleet/test-fixtures/chaos-workers.ts';

const HANG_GUARD_MS = 30_000;
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/codev.mjs');
const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-max-stalled-'));
const workers: ChaosWorker[] = [];
let redis: RedisServer;
let server: FakeMessagesServer;
let release: () => void = () => {};
const released = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  mkdirSync(path.join(folder, 'project'), { recursive: true });
  writeFileSync(path.join(folder, 'project', 'agent.ts'), "export default { system: 'You wait.' };\n");
  redis = await startRedisServer();
  // The model never answers while the test runs: the job stays on its worker until that worker is killed.
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: async () => (await released, textReply('late')) });
});
afterAll(async () => {
  release();
  await Promise.all(workers.map(stopChaosWorker));
  await server?.close();
  await redis?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + HANG_GUARD_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${HANG_GUARD_MS} ms (HANG_GUARD_MS)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('codev worker --max-stalled', () => {
  it('fails a job at its second stall with --max-stalled 1, instead of running it a third time', async () => {
    const queue = `max-stalled-${process.pid}`;
    const settings: ChaosWorkerSettings = {
      bin: BIN,
      redisUrl: redis.url,
      queue,
      project: path.join(folder, 'project'),
      workspaces: path.join(folder, 'workspaces'),
      lockDurationMs: 5_000,
      stalledIntervalMs: 2_500,
      maxStalledCount: 1,
      concurrency: 1,
      env: { PATH: process.env.PATH, HOME: folder, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url },
    };
    const fleet = await createFleet({ connection: redis.url, queue, env: {} });
    try {
      const job = await fleet.submit({ script: path.join(folder, 'project', 'agent.ts'), prompt: 'wait' });
      for (const [index, slot] of [1, 2].entries()) {
        const worker = await startChaosWorker(settings, slot);
        workers.push(worker);
        await until(`model request ${index + 1}`, () => (server.requests.length > index ? true : undefined));
        await killChaosWorker(worker);
      }
      workers.push(await startChaosWorker(settings, 3));
      const state = await until('the job failed or ran again', async () => {
        const summary = (await fleet.status({ ids: [job.id] })).jobs[0];
        return summary?.state === 'failed' || server.requests.length > 2 ? summary?.state : undefined;
      });
      expect(state).toBe('failed');
      expect(server.requests).toHaveLength(2);
    } finally {
      await fleet.close();
    }
  }, 90_000);
});
