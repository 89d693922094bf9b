/**
 * A rewound job's worker is killed with SIGKILL during the job's first turn; another worker resumes it from the
 * job's own checkpoint. Real `codev worker` processes, real Redis, real git, the fake Messages server. The old
 * job's result branch is deleted before the kill, so the second attempt finds turn 2's commit only under the new
 * job's own refs (where its first attempt recorded it), not in the old job's.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { fleetKeys } from '../../src/fleet/fleet-keys.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { createRedisSessionStore } from '../../src/fleet/session-store/create-redis-session-store.ts';
import type { FleetEvent } from '../../src/fleet/types.ts';
import type { CodevProcess } from '../cli/start-codev-process.ts';
import { createRewindRepository, git, rewindReply, toolUseIds, treeOf } from '../fleet/test-fixtures/rewind-scenario.ts';
import { startCodevWorker } from '../fleet/test-fixtures/start-codev-worker.ts';
import { useFleetServers } from '../fleet/test-fixtures/use-fleet-servers.ts';

const HANG_GUARD_MS = 90_000;
const RUN = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-rewind-kill-')));
const PROJECT = path.join(RUN, 'project');
const WORKSPACES = path.join(RUN, 'workspaces');

const servers = useFleetServers({
  folder: RUN,
  prepare: () => {
    mkdirSync(PROJECT, { recursive: true });
    mkdirSync(WORKSPACES);
    writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "fleet-rewind-kill", "private": true }\n');
    writeFileSync(path.join(PROJECT, 'agent.ts'), "export default { system: 'You build things.' };\n");
  },
  // Turn 3's Bash sleeps first: the kill comes while it runs.
  script: (request) => rewindReply(request.body.messages ?? [], { workspaces: WORKSPACES, sleepSeconds: 2 }),
});

function startWorker(queue: string): Promise<CodevProcess> {
  return startCodevWorker({ redisUrl: servers.redis.url, queue, cwd: PROJECT, args: ['--lock-duration', '5000', '--stalled-interval', '2500', '--workspace-root', WORKSPACES], modelUrl: servers.server.url });
}

describe('a rewound fleet job whose worker is killed', () => {
  it('during its first turn goes on, on another worker, from its own checkpoint of the turn it was rewound to', async () => {
    const queue = `rewind-kill-${process.pid}`;
    const remote = createRewindRepository(RUN, 'kill');
    const workers = [await startWorker(queue), await startWorker(queue)];
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    try {
      const old = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'build it', workspace: { repo: remote }, permissions: { allow: ['Write', 'Bash'] } });
      const oldResult = await old.result({ timeoutMs: HANG_GUARD_MS });
      expect(oldResult.status, JSON.stringify(oldResult.error)).toBe('completed');

      const job = await fleet.rewind(old.id, { to: 2 });
      const events: FleetEvent[] = [];
      let killed: CodevProcess | undefined;
      for await (const event of job.events({ signal: AbortSignal.timeout(HANG_GUARD_MS) })) {
        events.push(event);
        if (!killed && event.type === 'tool-call' && event.toolUseId === 'toolu_3') {
          // Turn 2's commit is now only where the rewound job's first attempt recorded it.
          git(remote, 'update-ref', '-d', `refs/heads/${oldResult.workspace!.branch}`);
          const start = events.find((seen) => seen.type === 'job-start');
          const pid = Number(start?.type === 'job-start' ? start.worker.split(':').at(-1) : NaN);
          killed = workers.find((worker) => worker.child.pid === pid);
          expect(killed, `the job's worker ${pid} is one of ours`).toBeDefined();
          await killed!.stop({ signal: 'SIGKILL', timeoutMs: HANG_GUARD_MS });
        }
      }
      expect(killed).toBeDefined();
      const starts = events.filter((event) => event.type === 'job-start');
      expect(starts).toHaveLength(2);
      expect(starts[0]).toMatchObject({ resumedFromTurn: 2 });
      expect(starts[1]).toMatchObject({ resumedFromTurn: 2 });
      const result = await job.result({ timeoutMs: 5_000 });
      expect(result, JSON.stringify(result.error)).toMatchObject({ status: 'completed', text: 'done', turns: 4 });
      expect(treeOf(remote, result.workspace!.commit)).toEqual(['.gitignore', 'README.md', 'b/one.txt']);
      const client = await connectRedis({ url: servers.redis.url });
      try {
        const transcript = await createRedisSessionStore({ redis: client, prefix: fleetKeys(queue).sessions }).read(result.sessionId!);
        expect(transcript.problems).toEqual([]);
        expect(toolUseIds(transcript.messages.map((entry) => entry.message))).toEqual(['toolu_1', 'toolu_2', 'toolu_3']);
      } finally {
        client.disconnect();
      }
    } finally {
      await fleet.close();
    }
  }, 180_000);
});
