import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { endJob } from '../events/end-job.ts';
import { fleetKeys } from '../fleet-keys.ts';
import { checkJobFence, type JobFence } from '../job/job-fence.ts';
import { readJobState, writeJobState } from '../job/job-state.ts';
import { connectRedis } from '../redis/connect-redis.ts';
import { loadFleetModules } from '../redis/load-fleet-modules.ts';
import { startRedisServer, type RedisServer } from '../test-fixtures/start-redis-server.ts';
import { appendFencedJobEvents } from './append-fenced-job-events.ts';
import { checkLockSettings, MIN_LOCK_DURATION_MS } from './check-lock-settings.ts';
import { writeCheckpoint } from './write-checkpoint.ts';

let server: RedisServer;
let redis: Redis;
beforeAll(async () => {
  server = await startRedisServer();
  redis = await connectRedis({ url: server.url });
});
afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

/** Runs `inside` while a real BullMQ worker holds a job's lock, with the fence the fleet worker builds from it. */
async function whileLocked(queueName: string, inside: (fence: JobFence, job: Job) => Promise<void>): Promise<void> {
  const { bullmq } = await loadFleetModules();
  const queue = new bullmq.Queue(queueName, { connection: redis });
  await queue.add('job', {});
  let failure: unknown;
  const done = new Promise<void>((resolve) => {
    const worker = new bullmq.Worker(queueName, async (job: Job, token?: string) => {
      try {
        await inside({ lockKey: `${job.queueQualifiedName}:${job.id}:lock`, token: token! }, job);
      } catch (error) {
        failure = error;
      }
    }, { connection: redis.duplicate(), lockDuration: MIN_LOCK_DURATION_MS });
    // A job whose lock was taken from it cannot complete: BullMQ says so as an error, which ends the run too.
    const close = () => void worker.close().then(resolve);
    worker.once('completed', close);
    worker.once('error', close);
  });
  await done;
  await queue.close();
  if (failure) throw failure;
}

describe('fenced writes of an attempt', () => {
  it('the job state, events and end are written under the attempt\'s own BullMQ lock token, and refused under any other', async () => {
    const keys = fleetKeys('fenced');
    await whileLocked('fenced', async (fence, job) => {
      const stale: JobFence = { ...fence, token: 'an-earlier-attempt' };
      const stateKey = keys.state(job.id!);
      await checkJobFence(redis, fence);
      expect(await rejectionCode(checkJobFence(redis, stale))).toBe('JOB_ATTEMPT_FENCED');

      await writeJobState(redis, stateKey, { turn: 2, commit: 'c2', messageUuid: 'm2' }, fence);
      expect(await rejectionCode(writeJobState(redis, stateKey, { turn: 1, commit: 'c1', messageUuid: undefined }, stale))).toBe('JOB_ATTEMPT_FENCED');
      expect(await readJobState(redis, stateKey)).toMatchObject({ turn: 2, commit: 'c2', messageUuid: 'm2' });
      await writeJobState(redis, stateKey, { messageUuid: undefined, spentUsd: 0.5 }, fence);
      expect(await readJobState(redis, stateKey)).toEqual({ turn: 2, commit: 'c2', spentUsd: 0.5, cancelled: false });

      const event = { type: 'job-checkpoint', jobId: job.id!, turn: 2 } as const;
      await appendFencedJobEvents({ redis, key: keys.events(job.id!), events: [{ ...event, turn: 1 }, event], attempt: 2, fence });
      expect(await rejectionCode(appendFencedJobEvents({ redis, key: keys.events(job.id!), events: [{ ...event, turn: 1 }, { ...event, turn: 3 }], attempt: 1, fence: stale }))).toBe('JOB_ATTEMPT_FENCED');
      const result = { jobId: job.id!, status: 'completed', attempts: 1, turns: 2, costUsd: 0 } as never;
      expect(await rejectionCode(endJob({ redis, keys, result, attempt: 1, fence: stale }))).toBe('JOB_ATTEMPT_FENCED');
      await endJob({ redis, keys, result, attempt: 2, fence });
      const entries = await redis.xrange(keys.events(job.id!), '-', '+');
      expect(entries.map(([, fields]) => fields[3])).toEqual(['2', '2', '2']);
      expect(entries.map(([, fields]) => JSON.parse(fields[1]!).type)).toEqual(['job-checkpoint', 'job-checkpoint', 'job-end']);
      expect(entries.slice(0, 2).map(([, fields]) => JSON.parse(fields[1]!).turn)).toEqual([1, 2]);
    });
  });

  it('a checkpoint\'s state and its job-checkpoint event are written in one step under the fence, and neither under a stale token', async () => {
    const keys = fleetKeys('fenced-checkpoint');
    await whileLocked('fenced-checkpoint', async (fence, job) => {
      const stateKey = keys.state(job.id!);
      const eventsKey = keys.events(job.id!);
      const event = { type: 'job-checkpoint', jobId: job.id!, turn: 1, messageUuid: 'm1' } as const;
      await writeCheckpoint({ redis, stateKey, eventsKey, fields: { turn: 1, messageUuid: 'm1', spentUsd: 0.25 }, event, attempt: 1, fence });
      expect(await rejectionCode(writeCheckpoint({ redis, stateKey, eventsKey, fields: { turn: 2, messageUuid: 'm2' }, event: { ...event, turn: 2 }, attempt: 1, fence: { ...fence, token: 'an-earlier-attempt' } }))).toBe('JOB_ATTEMPT_FENCED');
      expect(await readJobState(redis, stateKey)).toEqual({ turn: 1, messageUuid: 'm1', spentUsd: 0.25, cancelled: false });
      const entries = await redis.xrange(eventsKey, '-', '+');
      expect(entries.map(([, fields]) => [JSON.parse(fields[1]!), fields[3]])).toEqual([[event, '1']]);
    });
  });

  it('a lock that is gone (expired, Redis restarted without it) fences every attempt', async () => {
    const keys = fleetKeys('gone');
    await whileLocked('gone', async (fence, job) => {
      await redis.del(fence.lockKey);
      expect(await rejectionCode(writeJobState(redis, keys.state(job.id!), { turn: 1 }, fence))).toBe('JOB_ATTEMPT_FENCED');
      expect(await redis.exists(keys.state(job.id!))).toBe(0);
    });
  });
});

describe('lock settings', () => {
  it('refuses a lock too short to be renewed reliably, and what is not a whole number of ms, naming the setting', () => {
    const code = (run: () => void) => {
      try {
        run();
        return undefined;
      } catch (error) {
        return [(error as { code: string }).code, (error as { field?: string }).field];
      }
    };
    expect(code(() => checkLockSettings({ lockDurationMs: 2_000, stalledIntervalMs: 1_000 }))).toEqual(['FLEET_LOCK_UNSAFE', 'lockDurationMs']);
    expect(code(() => checkLockSettings({ lockDurationMs: 4_999 }, { lockDuration: '--lock-duration', stalledInterval: '--stalled-interval' }))).toEqual(['FLEET_LOCK_UNSAFE', '--lock-duration']);
    expect(code(() => checkLockSettings({ lockDurationMs: 30_000, stalledIntervalMs: 0.5 }))).toEqual(['FLEET_LOCK_UNSAFE', 'stalledIntervalMs']);
    expect(code(() => checkLockSettings({ lockDurationMs: MIN_LOCK_DURATION_MS, stalledIntervalMs: 2_500 }))).toBeUndefined();
    expect(code(() => checkLockSettings({}))).toBeUndefined();
  });
});
