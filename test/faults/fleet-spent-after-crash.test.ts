/**
 * What a job spent survives its worker's crash: a real `codev worker` process runs a multi-turn job and is
 * killed with SIGKILL when the job's third model request arrives (turn 2's checkpoint is written just
 * before it). The job's state in Redis must then say it spent at least what the fake model billed for the
 * requests before that checkpoint: the budget of the next attempt starts from it. Every reply's usage is
 * scripted, so what was billed is known to the cent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Usage } from '../../src/agent/types.ts';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { fleetKeys } from '../../src/fleet/fleet-keys.ts';
import { readJobState } from '../../src/fleet/job/job-state.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { costOfUsage } from '../../src/model/cost-of-usage.ts';
import { DEFAULT_MODEL_PRICES } from '../../src/model/default-model-prices.ts';
import { findModelPrice } from '../../src/model/find-model-price.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer, type RecordedRequest } from '../../src/testing/index.ts';
import { killCodevProcesses, startCodevProcess, type CodevProcess } from '../cli/start-codev-process.ts';

const HANG_GUARD_MS = 60_000;
const USAGE = { inputTokens: 12_000, outputTokens: 800 };
/** The request the worker dies at: the first of turn 3. */
const KILL_AT = 2;

let redis: RedisServer;
let server: FakeMessagesServer;
let project: TempProject;
let worker: CodevProcess | undefined;
const billed: number[] = [];

function script(request: RecordedRequest) {
  const index = billed.length;
  const usage: Usage = { ...USAGE, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
  billed.push(costOfUsage(usage, findModelPrice(String(request.body.model), [DEFAULT_MODEL_PRICES])!));
  if (index === KILL_AT) worker?.child.kill('SIGKILL');
  const reply = index < 5 ? toolUseReply('Read', { file_path: project.path('notes.txt') }, { id: `toolu_read_${index}` }) : textReply('done');
  return { ...reply, usage: USAGE };
}

beforeAll(async () => {
  project = await createTempProject({ location: 'os-tmpdir', files: { 'package.json': '{ "type": "module" }', 'agent.ts': "export default { system: 'Read the notes.' };\n", 'notes.txt': 'a note\n' } });
  [redis, server] = await Promise.all([startRedisServer(), createFakeMessagesServer({ apiKey: 'test-key', script })]);
}, HANG_GUARD_MS);
afterAll(async () => {
  killCodevProcesses();
  await Promise.all([server?.close(), redis?.stop()]);
  await project?.cleanup();
});

describe('a fleet job whose worker is killed in its third turn', () => {
  it('has spent, in its state, no less than the model billed before its last checkpoint', async () => {
    const queue = `spent-${randomUUID().slice(0, 8)}`;
    worker = startCodevProcess({
      args: ['worker', '--queue', queue, '--scripts', project.root, '--workspace-root', project.path('workspaces')],
      cwd: project.root,
      env: { CODEV_REDIS_URL: redis.url, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' },
    });
    await worker.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: HANG_GUARD_MS });
    const fleet = await createFleet({ connection: redis.url, queue, env: {} });
    const redisClient = await connectRedis({ url: redis.url });
    try {
      const exited = new Promise((resolve) => worker!.child.once('exit', resolve));
      const job = await fleet.submit({ script: project.path('agent.ts'), prompt: 'read the notes, turn after turn', permissions: { allow: ['Read'] } });
      await exited;
      const state = await readJobState(redisClient, fleetKeys(queue).state(job.id));
      expect(billed.length).toBe(KILL_AT + 1);
      expect(state.turn).toBe(KILL_AT);
      const beforeCheckpoint = billed.slice(0, KILL_AT).reduce((sum, cost) => sum + cost, 0);
      expect(state.spentUsd).toBeGreaterThan(0);
      expect(state.spentUsd!).toBeGreaterThanOrEqual(beforeCheckpoint - 1e-9);
    } finally {
      redisClient.disconnect();
      await fleet.close();
    }
  }, 2 * HANG_GUARD_MS);
});
