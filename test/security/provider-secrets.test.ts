/**
 * A provider's secret (a Foundry key, AWS keys, a Bedrock API key) never shows: not in the errors codev makes,
 * not in a provider's label or cache key, not in an agent's transcript, and not in the fleet's Redis: a job that
 * ran on a Foundry provider (its key in the worker's environment) leaves no byte of it in any key, and a submit
 * whose model settings carry a key is refused before anything reaches Redis.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { resolveModelProvider } from '../../src/model/providers/resolve-model-provider.ts';
import { startProviderLoopbackServer } from '../../src/model/providers/test-fixtures/provider-loopback-server.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';

type Redis = Awaited<ReturnType<typeof connectRedis>>;
/** A key's value as text, by its type (DUMP's encoding may compress a string and hide it). */
async function valueOf(client: Redis, key: string): Promise<unknown> {
  const type = await client.type(key);
  if (type === 'string') return client.get(key);
  if (type === 'hash') return client.hgetall(key);
  if (type === 'list') return client.lrange(key, 0, -1);
  if (type === 'set') return client.smembers(key);
  if (type === 'zset') return client.zrange(key, 0, -1);
  if (type === 'stream') return client.xrange(key, '-', '+');
  return `(${type})`;
}

const FOUNDRY_KEY = `foundry-secret-${process.pid}-d41d8cd98f`;
const AWS_SECRET = `aws-secret-${process.pid}-9e107d9d372bb`;
const BEDROCK_TOKEN = `bedrock-token-${process.pid}-e4d909c290d0`;
const SECRETS = [FOUNDRY_KEY, AWS_SECRET, BEDROCK_TOKEN];

const RUN = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-provider-secrets-')));
let redis: RedisServer | undefined;
let server: Awaited<ReturnType<typeof startProviderLoopbackServer>> | undefined;
beforeAll(async () => {
  redis = await startRedisServer();
  server = await startProviderLoopbackServer({ text: 'done' });
});
afterAll(async () => {
  await server?.close();
  await redis?.stop();
  rmSync(RUN, { recursive: true, force: true });
});

const expectNoSecret = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe("a provider's secrets", () => {
  it('are not in labels, cache keys or the errors of missing settings', () => {
    const providers = [
      resolveModelProvider({ settings: { provider: 'foundry', resource: 'acme', apiKey: FOUNDRY_KEY }, env: {} }).provider,
      resolveModelProvider({ settings: { provider: 'bedrock', apiKey: BEDROCK_TOKEN }, env: { AWS_ACCESS_KEY_ID: 'AKIASECURITY', AWS_SECRET_ACCESS_KEY: AWS_SECRET } }).provider,
    ];
    for (const provider of providers) expectNoSecret(`${provider.label} ${provider.cacheKey}`);
    try {
      resolveModelProvider({ settings: { provider: 'foundry', apiKey: FOUNDRY_KEY }, env: {} });
      throw new Error('expected MODEL_NOT_CONFIGURED');
    } catch (error) {
      expect(CodevError.isInstance(error) && error.code).toBe('MODEL_NOT_CONFIGURED');
      expectNoSecret(`${(error as CodevError).message} ${(error as CodevError).hint}`);
    }
  });

  it("are not in an agent's transcript", async () => {
    const sessions = path.join(RUN, 'sessions');
    const agent = createAgent({ model: { provider: 'foundry', baseURL: `${server!.url}/anthropic/`, apiKey: FOUNDRY_KEY }, env: {}, persistSession: true, sessionStore: createFileSessionStore({ directory: sessions }) });
    try {
      const { text } = await agent.run('hello');
      expect(text).toBe('done');
    } finally {
      await agent.close();
    }
    // The key went to the server (it is the one that may see it)...
    expect(JSON.stringify(server!.requests.at(-1)!.headers)).toContain(FOUNDRY_KEY);
    // ...and nowhere into what codev wrote.
    const written = filesUnder(sessions);
    expect(written.length).toBeGreaterThan(0);
    expect(written.map((file) => readFileSync(file, 'utf8')).join('\n')).toContain('done');
    for (const file of written) expectNoSecret(readFileSync(file, 'utf8'));
  });

  it("are not in the fleet's Redis after a job ran on the provider, and a job's model settings cannot carry one", async () => {
    const project = path.join(RUN, 'fleet-project');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), '{ "name": "provider-secrets", "private": true }\n');
    writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'You answer.' };\n");
    const queue = `provider-secrets-${process.pid}`;
    const fleet = await createFleet({ connection: redis!.url, queue, env: {} });
    const worker = await fleet.worker({ env: { ANTHROPIC_FOUNDRY_API_KEY: FOUNDRY_KEY, ANTHROPIC_FOUNDRY_BASE_URL: `${server!.url}/anthropic/`, AWS_SECRET_ACCESS_KEY: AWS_SECRET, CODEV_MAX_RETRIES: '0' }, scriptRoots: [project], lockDurationMs: 5_000 });
    try {
      expect(await rejectionCode(fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'hi', model: { provider: 'foundry', apiKey: FOUNDRY_KEY } as never }))).toBe('JOB_INVALID');
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'hi', model: { provider: 'foundry', id: 'claude-sonnet-4-6' } });
      const result = await job.result({ timeoutMs: 30_000 });
      expect(result.status, JSON.stringify(result.error)).toBe('completed');
      expect(JSON.stringify(server!.requests.at(-1)!.headers)).toContain(FOUNDRY_KEY);
    } finally {
      await worker.close();
      await fleet.close();
    }
    const client = await connectRedis({ url: redis!.url });
    try {
      const keys = await client.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expectNoSecret(`${key} ${JSON.stringify(await valueOf(client, key))}`);
      }
    } finally {
      client.disconnect();
    }
  });
});
