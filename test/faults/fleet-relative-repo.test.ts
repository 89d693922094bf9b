/**
 * A job's `workspace.repo` given as a relative path names the repository beside its submitter (as its script
 * is resolved against the submitter's `cwd`), not whatever each worker finds at that path from its own
 * folder. Real Redis, real git, a real `codev worker` process started in another folder that holds a decoy
 * repository of the same name, and the fake Messages server: the job's branch lands in the submitter's
 * repository, the decoy gets nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { textReply } from '../../src/testing/index.ts';
import type { CodevProcess } from '../cli/start-codev-process.ts';
import { startCodevWorker } from '../fleet/test-fixtures/start-codev-worker.ts';
import { useFleetServers } from '../fleet/test-fixtures/use-fleet-servers.ts';

const HANG_GUARD_MS = 60_000;
const RUN = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-relative-repo-')));
const SUBMITTER = path.join(RUN, 'submitter');
const WORKER_HOME = path.join(RUN, 'worker-home');

function makeRepository(folder: string, readme: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'README.md'), readme);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', ...args], { cwd: folder, stdio: 'ignore' });
  git('init', '--quiet', '--initial-branch', 'main');
  git('add', '.');
  git('commit', '--quiet', '--message', 'start');
}

function branchFile(repo: string, jobId: string, file: string): string | undefined {
  try {
    return execFileSync('git', ['show', `codev/jobs/${jobId}:${file}`], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

const servers = useFleetServers({
  folder: RUN,
  prepare: () => {
    mkdirSync(SUBMITTER, { recursive: true });
    writeFileSync(path.join(SUBMITTER, 'package.json'), '{ "name": "fleet-relative-repo", "private": true }\n');
    writeFileSync(path.join(SUBMITTER, 'agent.ts'), "export default { system: 'You write notes.' };\n");
    makeRepository(path.join(SUBMITTER, 'repo'), 'the submitter repository\n');
    makeRepository(path.join(WORKER_HOME, 'repo'), 'a decoy of the same name\n');
  },
  script: () => textReply('nothing to write'),
});

function startWorker(queue: string): Promise<CodevProcess> {
  return startCodevWorker({ redisUrl: servers.redis.url, queue, cwd: WORKER_HOME, args: ['--scripts', SUBMITTER, '--workspace-root', path.join(RUN, 'checkouts')], modelUrl: servers.server.url });
}

describe('a fleet job whose repository is a relative path', () => {
  it("works on the repository beside its submitter, not on one the worker's folder holds at that path", async () => {
    const queue = `relative-repo-${process.pid}`;
    await startWorker(queue);
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    try {
      const job = await fleet.submit({ script: 'agent.ts', cwd: SUBMITTER, prompt: 'look at the repository', workspace: { repo: 'repo' } });
      const result = await job.result({ timeoutMs: HANG_GUARD_MS });
      expect(result.status, JSON.stringify(result.error)).toBe('completed');
      expect(branchFile(path.join(SUBMITTER, 'repo'), job.id, 'README.md')).toBe('the submitter repository\n');
      expect(branchFile(path.join(WORKER_HOME, 'repo'), job.id, 'README.md')).toBeUndefined();
    } finally {
      await fleet.close();
    }
  }, 90_000);
});
