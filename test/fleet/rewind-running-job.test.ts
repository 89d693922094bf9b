/**
 * `fleet.rewind` of a job still running, twice at once: two new jobs, each starting exactly at the old job's
 * turn 2 (HEAD its commit, nothing else in the checkout: `rm -rf src && mv a b` of turn 3 not in it), each
 * with turns 1 and 2 of the conversation; the old job goes on and completes as it would have.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import type { FleetEvent, JobHandle } from '../../src/fleet/types.ts';
import { CHECK, createRewindRepository, git, rewindReply } from './test-fixtures/rewind-scenario.ts';
import { useFleetServers } from './test-fixtures/use-fleet-servers.ts';

const RUN = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-rewind-running-')));
const PROJECT = path.join(RUN, 'project');
const WORKSPACES = path.join(RUN, 'workspaces');

const servers = useFleetServers({
  folder: RUN,
  prepare: () => {
    mkdirSync(PROJECT, { recursive: true });
    mkdirSync(WORKSPACES);
    writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "fleet-rewind-running", "private": true }\n');
    writeFileSync(path.join(PROJECT, 'agent.ts'), "export default { system: 'You build things.' };\n");
  },
  // The old job's Bash (turn 3) sleeps: it is still running while it is rewound.
  script: (request) => rewindReply(request.body.messages ?? [], { workspaces: WORKSPACES, sleepSeconds: 4 }),
});

async function eventsOf(job: JobHandle, until?: (event: FleetEvent) => boolean): Promise<FleetEvent[]> {
  const events: FleetEvent[] = [];
  for await (const event of job.events({ signal: AbortSignal.timeout(60_000) })) {
    events.push(event);
    if (until?.(event)) break;
  }
  return events;
}

describe('rewinding a running job twice at once', () => {
  it('makes two new jobs that each start exactly at turn 2, and the old job completes', async () => {
    const queue = `rewind-running-${process.pid}`;
    const remote = createRewindRepository(RUN, 'running');
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    const worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: servers.server.url, CODEV_MAX_RETRIES: '0' }, workspaceRoot: WORKSPACES, scriptRoots: [PROJECT], lockDurationMs: 5_000, concurrency: 3 });
    try {
      const old = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'build it', workspace: { repo: remote }, permissions: { allow: ['Write', 'Bash'] } });
      const upToTurn2 = await eventsOf(old, (event) => event.type === 'job-checkpoint' && event.turn === 2);
      const turn2 = (upToTurn2.at(-1) as Extract<FleetEvent, { type: 'job-checkpoint' }>).commit!;
      const [first, second] = await Promise.all([fleet.rewind(old.id, { to: 2, prompt: CHECK }), fleet.rewind(old.id, { to: 2, prompt: CHECK })]);
      expect(first!.id).not.toBe(second!.id);
      for (const job of [first!, second!]) {
        const events = await eventsOf(job);
        const result = await job.result({ timeoutMs: 5_000 });
        expect(result, JSON.stringify(result.error)).toMatchObject({ status: 'completed', text: 'checked' });
        const check = events.find((event) => event.type === 'tool-result' && event.toolUseId === 'toolu_check') as Extract<FleetEvent, { type: 'tool-result' }>;
        // HEAD is turn 2's commit and nothing differs from it.
        expect(check.output).toMatchObject({ stdout: `${turn2}\n` });
      }
      const oldResult = await old.result({ timeoutMs: 60_000 });
      expect(oldResult, JSON.stringify(oldResult.error)).toMatchObject({ status: 'completed', text: 'done' });
      expect(git(remote, 'ls-tree', '-r', '--name-only', oldResult.workspace!.commit).split('\n')).toEqual(['.gitignore', 'README.md', 'b/one.txt']);
    } finally {
      await worker.close({ force: true });
      await fleet.close();
    }
  }, 120_000);
});
