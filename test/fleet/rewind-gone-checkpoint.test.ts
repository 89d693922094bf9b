/**
 * A rewound job whose checkpoint the repository no longer holds (the old job's hidden refs and result branch
 * deleted, and the repository gc'd, after the rewind was queued) fails at once, CHECKPOINT_NOT_FOUND, on its
 * first attempt: no attempt after it could find the commit, so none is spent on it (BullMQ's retries, each a
 * clone and a fetch, only delayed the answer). A repository the worker cannot reach at all stays a failure
 * for now (WORKSPACE_FAILED), retried as any clone that fails.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import type { FleetJobResult, JobHandle } from '../../src/fleet/types.ts';
import { createRewindRepository, git, rewindReply } from './test-fixtures/rewind-scenario.ts';
import { useFleetServers } from './test-fixtures/use-fleet-servers.ts';

const RUN = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-rewind-gone-')));
const PROJECT = path.join(RUN, 'project');
const WORKSPACES = path.join(RUN, 'workspaces');

const servers = useFleetServers({
  folder: RUN,
  prepare: () => {
    mkdirSync(PROJECT, { recursive: true });
    mkdirSync(WORKSPACES);
    writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "fleet-rewind-gone", "private": true }\n');
    writeFileSync(path.join(PROJECT, 'agent.ts'), "export default { system: 'You build things.' };\n");
  },
  script: (request) => rewindReply(request.body.messages ?? [], { workspaces: WORKSPACES }),
});

async function ended(job: JobHandle): Promise<FleetJobResult> {
  for await (const event of job.events({ signal: AbortSignal.timeout(60_000) })) void event;
  return job.result({ timeoutMs: 5_000 });
}

describe('rewinding to a checkpoint the repository no longer holds', () => {
  it('fails on its first attempt with CHECKPOINT_NOT_FOUND, however many attempts the job has', async () => {
    const queue = `rewind-gone-${process.pid}`;
    const remote = createRewindRepository(RUN, 'gone');
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    const worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: servers.server.url, CODEV_MAX_RETRIES: '0' }, workspaceRoot: WORKSPACES, scriptRoots: [PROJECT], lockDurationMs: 5_000 });
    try {
      const old = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'build it', workspace: { repo: remote }, permissions: { allow: ['Write', 'Bash'] } });
      const oldResult = await ended(old);
      expect(oldResult.status, JSON.stringify(oldResult.error)).toBe('completed');
      // Everything that held the old job's commits goes, and so do the commits.
      git(remote, 'update-ref', '-d', `refs/heads/${oldResult.workspace!.branch}`);
      for (const ref of git(remote, 'for-each-ref', '--format=%(refname)', `refs/codev/jobs/${old.id}/`).split('\n').filter(Boolean)) git(remote, 'update-ref', '-d', ref);
      git(remote, 'reflog', 'expire', '--expire=now', '--all');
      git(remote, 'gc', '--quiet', '--prune=now');

      const rewound = await fleet.rewind(old.id, { to: 2, attempts: 3 });
      const result = await ended(rewound);
      expect(result.status).toBe('failed');
      expect(result.error?.code).toBe('CHECKPOINT_NOT_FOUND');
      expect(result.attempts).toBe(1);
    } finally {
      await worker.close({ force: true });
      await fleet.close();
    }
  }, 120_000);

  it('a repository the worker cannot reach is a failure for now, retried (WORKSPACE_FAILED), not CHECKPOINT_NOT_FOUND', async () => {
    const queue = `rewind-unreachable-${process.pid}`;
    const remote = createRewindRepository(RUN, 'unreachable');
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    const worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: servers.server.url, CODEV_MAX_RETRIES: '0' }, workspaceRoot: WORKSPACES, scriptRoots: [PROJECT], lockDurationMs: 5_000 });
    try {
      const old = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'build it', workspace: { repo: remote }, permissions: { allow: ['Write', 'Bash'] } });
      expect((await ended(old)).status).toBe('completed');
      rmSync(remote, { recursive: true, force: true });
      const rewound = await fleet.rewind(old.id, { to: 2, attempts: 2 });
      const result = await ended(rewound);
      expect(result.status).toBe('failed');
      expect(result.error?.code).not.toBe('CHECKPOINT_NOT_FOUND');
      expect(result.attempts).toBe(2);
    } finally {
      await worker.close({ force: true });
      await fleet.close();
    }
  }, 120_000);
});
