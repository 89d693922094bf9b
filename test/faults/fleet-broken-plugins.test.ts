/**
 * A fleet job whose project has a plugin that fails to load, on a real worker against its own redis-server
 * and the fake Messages API on loopback: it fails for good on its first attempt with PLUGIN_LOAD_FAILED and
 * no request reaches the model (it went on with every call denied, spending tokens), unless it was submitted
 * with `allowBrokenPlugins`. A job whose script throws at import fails for good too, with SCRIPT_FAILED.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import type { Fleet, FleetWorker } from '../../src/fleet/types.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer } from '../../src/testing/index.ts';

let redis: RedisServer;
let server: FakeMessagesServer;
let project: TempProject;
let fleet: Fleet;
let worker: FleetWorker;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'plugins/good.ts': toolPlugin('Good'),
      'plugins/broken.ts': "throw new Error('broken plugin');\nexport default {};\n",
      'agent.ts': "export default { system: 'Be brief.' };\n",
      'throws.mjs': "throw new Error('broken script');\n",
    },
  });
  [redis, server] = await Promise.all([startRedisServer(), createFakeMessagesServer({ apiKey: 'test-key', script: () => textReply('done') })]);
  fleet = await createFleet({ connection: redis.url, queue: `broken-plugins-${randomUUID().slice(0, 8)}`, env: {} });
  worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [project.root] });
});
afterAll(async () => {
  await worker?.close({ force: true });
  await fleet?.close();
  await Promise.all([server?.close(), redis?.stop()]);
  await project?.cleanup();
});

describe('a fleet job that cannot run', () => {
  it('whose project has a broken plugin fails for good on its first attempt with PLUGIN_LOAD_FAILED, before any model request', async () => {
    const before = server.requests.length;
    const job = await fleet.submit({ script: project.path('agent.ts'), prompt: 'hello', attempts: 3 });
    expect(await job.result({ timeoutMs: 30_000 })).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'PLUGIN_LOAD_FAILED' } });
    expect(server.requests.length).toBe(before);
  });

  it('whose project has a broken plugin runs when submitted with allowBrokenPlugins', async () => {
    const before = server.requests.length;
    const job = await fleet.submit({ script: project.path('agent.ts'), prompt: 'hello', allowBrokenPlugins: true });
    expect(await job.result({ timeoutMs: 30_000 })).toMatchObject({ status: 'completed', text: 'done' });
    expect(server.requests.length).toBe(before + 1);
  });

  it('whose script throws at import fails for good on its first attempt with SCRIPT_FAILED', async () => {
    const job = await fleet.submit({ script: project.path('throws.mjs'), prompt: 'hello', attempts: 3 });
    expect(await job.result({ timeoutMs: 30_000 })).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'SCRIPT_FAILED' } });
  });
});
