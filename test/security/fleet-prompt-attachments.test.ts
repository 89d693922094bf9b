import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { textReply } from '../../src/testing/index.ts';
import { initRepository, useFleetAttackSetup } from './fleet-attack-setup.ts';

// Class 7, the fleet's part: a queued prompt is text. `@file` words in it are never expanded by the submitter's
// machine or the worker, so a job attaches no file at all, inside its workspace or outside it (a secret beside
// it, the worker's own files). Judged by effect: the secrets' contents never reach the model.

const setup = useFleetAttackSetup({
  prefix: 'attach',
  prepare: (run) => {
    mkdirSync(path.join(run, 'scripts'));
    writeFileSync(path.join(run, 'scripts/agent.ts'), "export default { system: 'A fleet job.' };\n");
    writeFileSync(path.join(run, 'secret.txt'), 'OUTSIDE-SECRET-CONTENT\n');
    mkdirSync(path.join(run, 'repo'));
    writeFileSync(path.join(run, 'repo/.env'), 'WORKSPACE-ENV-SECRET\n');
    initRepository(path.join(run, 'repo'));
  },
  script: () => textReply('done'),
});

describe('a fleet job whose prompt names files with @', () => {
  it('sends the words as text and attaches nothing: neither a file outside its workspace nor one inside', async () => {
    const { run, redis, server } = setup;
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
