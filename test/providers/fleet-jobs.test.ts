import { randomUUID } from 'node:crypto';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import type { Fleet, FleetWorker } from '../../src/fleet/types.ts';
import { textReply } from '../../src/testing/index.ts';
import { startProviderFake, type FakedProvider, type ProviderFake } from './test-fixtures/start-provider-fake.ts';

// A fleet job names its provider (no key, no URL: the job is stored in Redis); the worker's environment holds the
// credentials and the endpoint, here each provider's fake on loopback.

const PROJECT = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-provider-fleet-')));
const SCRIPT = path.join(PROJECT, 'agent.ts');

let redis: RedisServer;
let fleet: Fleet | undefined;
let worker: FleetWorker | undefined;
let fake: ProviderFake | undefined;

beforeAll(async () => {
  writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "provider-fleet-test", "private": true }\n');
  writeFileSync(SCRIPT, "export default { system: 'You are a fleet test agent.' };\n");
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(PROJECT, { recursive: true, force: true });
});
afterEach(async () => {
  await worker?.close({ force: true });
  await fleet?.close();
  await fake?.close();
  worker = fleet = fake = undefined;
});

/** The worker's environment for the fake: the provider's own variables, as a deployment would set them. */
function workerEnv(provider: FakedProvider, started: ProviderFake): Record<string, string> {
  const { model } = started;
  const base = { CODEV_MAX_RETRIES: '0', ...started.env };
  if (provider === 'bedrock') return { ...base, ANTHROPIC_BEDROCK_BASE_URL: model.baseURL! };
  if (provider === 'vertex') return { ...base, ANTHROPIC_VERTEX_BASE_URL: model.baseURL! };
  return { ...base, ANTHROPIC_FOUNDRY_BASE_URL: model.baseURL!, ANTHROPIC_FOUNDRY_API_KEY: model.apiKey! };
}

describe.each(['bedrock', 'vertex', 'foundry'] as const)('a fleet job on %s', (provider) => {
  it('runs on a real worker against the provider\'s fake', async () => {
    fake = await startProviderFake(provider, { script: [textReply(`Done on ${provider}.`)] });
    fleet = await createFleet({ connection: redis.url, queue: `providers-${randomUUID().slice(0, 8)}`, env: {} });
    worker = await fleet.worker({ env: workerEnv(provider, fake), lockDurationMs: 5_000, stalledIntervalMs: 2_500, workspaceRoot: path.join(PROJECT, 'workspaces'), scriptRoots: [PROJECT] });
    const { provider: name, id, region, projectId } = fake.model;
    const job = await fleet.submit({ script: SCRIPT, prompt: 'Say done.', model: { provider: name, id, ...(region && { region }), ...(projectId && { projectId }) } });
    const result = await job.result({ timeoutMs: 30_000 });
    expect(result).toMatchObject({ status: 'completed', text: `Done on ${provider}.`, endReason: 'end_turn' });
    expect(fake.server.requests).toHaveLength(1);
    const expectedPath = { bedrock: /^\/model\/[^/]+\/invoke-with-response-stream$/, vertex: /:streamRawPredict$/, foundry: /^\/anthropic\/v1\/messages$/ }[provider];
    expect(fake.server.requests[0]!.path).toMatch(expectedPath);
  });
});
