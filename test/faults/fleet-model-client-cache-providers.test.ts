/**
 * One worker, two jobs at once on two providers (Bedrock and Foundry): each job's requests go to its own
 * provider's server through its own client (the worker's client cache keys by `provider.cacheKey`), neither
 * borrows the other's client, credentials or wire format, and both complete. A provider whose SDK fails to load
 * for one job is tried again for the next, while the other provider's client stays shared.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { createModelClientCache } from '../../src/fleet/worker/create-model-client-cache.ts';
import { createBedrockProvider } from '../../src/model/providers/bedrock-provider.ts';
import { resolveModelProvider } from '../../src/model/providers/resolve-model-provider.ts';
import { startProviderLoopbackServer, type ProviderRequest } from '../../src/model/providers/test-fixtures/provider-loopback-server.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';

const RUN = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-client-cache-providers-')));
let redis: RedisServer | undefined;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(RUN, { recursive: true, force: true });
});

/** A barrier: each server holds its answer until both have a request, so the two jobs are in flight together. */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async (_request: ProviderRequest) => {
    if (++arrived === count) open();
    await opened;
  };
}

describe('the worker client cache under two jobs on two providers at once', () => {
  it('gives each job its own provider, both in flight together, both complete', async () => {
    const bothIn = barrier(2);
    const bedrock = await startProviderLoopbackServer({ eventStream: true, text: 'bedrock answer', beforeAnswer: bothIn });
    const foundry = await startProviderLoopbackServer({ text: 'foundry answer', beforeAnswer: bothIn });
    const project = path.join(RUN, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), '{ "name": "client-cache-providers", "private": true }\n');
    writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'You answer.' };\n");
    const queue = `client-cache-providers-${process.pid}`;
    const fleet = await createFleet({ connection: redis!.url, queue, env: {} });
    const env = {
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_ACCESS_KEY_ID: 'AKIAFAULTTEST0001',
      AWS_SECRET_ACCESS_KEY: 'fault-test-secret',
      ANTHROPIC_BEDROCK_BASE_URL: bedrock.url,
      ANTHROPIC_FOUNDRY_API_KEY: 'foundry-fault-key',
      ANTHROPIC_FOUNDRY_BASE_URL: `${foundry.url}/anthropic/`,
      CODEV_MAX_RETRIES: '0',
    };
    const worker = await fleet.worker({ env, scriptRoots: [project], concurrency: 2, lockDurationMs: 5_000 });
    try {
      const script = path.join(project, 'agent.ts');
      const [onBedrock, onFoundry] = await Promise.all([
        fleet.submit({ script, prompt: 'ask bedrock', model: { provider: 'bedrock', region: 'eu-west-1', id: 'claude-sonnet-4-6' } }),
        fleet.submit({ script, prompt: 'ask foundry', model: { provider: 'foundry', id: 'claude-sonnet-4-6' } }),
      ]);
      const [bedrockResult, foundryResult] = await Promise.all([onBedrock.result({ timeoutMs: 60_000 }), onFoundry.result({ timeoutMs: 60_000 })]);
      expect(bedrockResult, JSON.stringify(bedrockResult.error)).toMatchObject({ status: 'completed', text: 'bedrock answer' });
      expect(foundryResult, JSON.stringify(foundryResult.error)).toMatchObject({ status: 'completed', text: 'foundry answer' });
      // Each server saw only its own job, in its own wire format (Bedrock's model id from the table) and credentials.
      expect(bedrock.requests).toHaveLength(1);
      expect(bedrock.requests[0]!.path).toBe('/model/global.anthropic.claude-sonnet-4-6/invoke-with-response-stream');
      expect(String(bedrock.requests[0]!.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAULTTEST0001\/\d{8}\/eu-west-1\/bedrock\//);
      expect(JSON.stringify(bedrock.requests[0]!.body)).toContain('ask bedrock');
      expect(foundry.requests).toHaveLength(1);
      expect(foundry.requests[0]!.path).toBe('/anthropic/v1/messages');
      expect(JSON.stringify(foundry.requests[0]!.headers)).toContain('foundry-fault-key');
      expect(JSON.stringify(foundry.requests[0]!.body)).toContain('ask foundry');
    } finally {
      await worker.close();
      await fleet.close();
      await bedrock.close();
      await foundry.close();
    }
  });

  it("a provider whose SDK fails to load is tried again by the next job; the other provider's client stays shared", async () => {
    const models = createModelClientCache();
    let loads = 0;
    const flaky = () => createBedrockProvider({
      settings: { provider: 'bedrock', region: 'eu-west-1', baseURL: 'http://127.0.0.1:9' },
      env: { AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 's' },
      load: () => (++loads === 1 ? Promise.reject(new Error('disk hiccup')) : import('@anthropic-ai/bedrock-sdk')),
    });
    const foundry = () => resolveModelProvider({ settings: { provider: 'foundry', resource: 'acme', apiKey: 'k' }, env: {} }).provider;
    const retries = { maxRetries: 0 };
    // Both at once: the failure of one does not touch the other.
    const [failed, first] = await Promise.allSettled([models.client(flaky(), retries), models.client(foundry(), retries)]);
    expect(failed.status === 'rejected' && (await rejectionCode(Promise.reject(failed.reason)))).toBe('MODEL_PROVIDER_UNAVAILABLE');
    expect(first.status).toBe('fulfilled');
    const [again, shared] = await Promise.all([models.client(flaky(), retries), models.client(foundry(), retries)]);
    expect(loads).toBe(2);
    expect(again.constructor.name).toBe('AnthropicBedrock');
    expect(shared).toBe((first as PromiseFulfilledResult<unknown>).value);
  });
});
