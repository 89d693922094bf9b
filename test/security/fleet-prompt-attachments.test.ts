import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer } from '../../src/testing/index.ts';

// Class 7, the fleet's part: a queued prompt is text. `@file` words in it are never expanded by the submitter's
// machine or the worker, so a job attaches no file at all, inside its workspace or outside it (a secret beside
// it, the worker's own files). Judged by effect: the secrets' contents never reach the model.

let run: string;
let redis: RedisServer;
let server: FakeMessagesServer;

beforeAll(async () => {
  run = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-attach-')));
  mkdirSync(path.join(run, 'scripts'));
  writeFileSync(path.join(run, 'scripts/agent.ts'), "export default { system: 'A fleet job.' };\n");
  writeFileSync(path.join(run, 'secret.txt'), 'OUTSIDE-SECRET-CONTENT\n');
  mkdirSync(path.join(run, 'repo'));
  writeFileSync(path.join(run, 'repo/.env'), 'WORKSPACE-ENV-SECRET\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: path.join(run, 'repo'), stdio: 'ignore', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'init');
  redis = await startRedisServer();
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: () => textReply('done') });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await redis?.stop();
  if (run) rmSync(run, { recursive: true, force: true });
});

describe('a fleet job whose prompt names files with @', () => {
  it('sends the words as text and attaches nothing: neither a file outside its workspace nor one inside', async () => {
    const fleet = await createFleet({ connection: redis.url, queue: 'attachments', env: {} });
    const worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [path.join(run, 'scripts')], workspaceRoot: path.join(run, 'workspaces') });
    try {
      const prompt = `look at @${path.join(run, 'secret.txt')} and @../../secret.txt and @.env`;
      const first = server.requests.length;
      const job = await fleet.submit({ script: path.join(run, 'scripts/agent.ts'), prompt, workspace: { repo: path.join(run, 'repo') } });
      expect(await job.result({ timeoutMs: 60_000 })).toMatchObject({ status: 'completed' });
      const requests = JSON.stringify(server.requests.slice(first).map((request) => request.body));
      expect(requests).toContain(JSON.stringify(prompt).slice(1, -1));
      expect(requests).not.toContain('OUTSIDE-SECRET-CONTENT');
      expect(requests).not.toContain('WORKSPACE-ENV-SECRET');
    } finally {
      await worker.close({ force: true });
      await fleet.close();
    }
  }, 120_000);
});
