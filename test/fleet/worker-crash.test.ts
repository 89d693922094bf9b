/**
 * The fleet's promise, end to end with real processes: two `codev worker` processes on a real Redis and the
 * fake Messages server; the worker running a multi-turn job is killed with SIGKILL in the middle of a turn;
 * the other takes the job over and finishes it, and the job's transcript holds every turn once. Then Redis
 * itself is killed and restarted with append-only persistence, and the jobs queued before survive.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { fleetKeys } from '../../src/fleet/fleet-keys.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { createRedisSessionStore } from '../../src/fleet/session-store/create-redis-session-store.ts';
import type { FleetEvent } from '../../src/fleet/types.ts';
import { textReply, toolUseReply } from '../../src/testing/index.ts';
import type { CodevProcess } from '../cli/start-codev-process.ts';
import { startCodevWorker } from './test-fixtures/start-codev-worker.ts';
import { writeNoteProject } from './test-fixtures/write-note-project.ts';
import { useFleetServers } from './test-fixtures/use-fleet-servers.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the repo, so that the plugin resolves `zod` and `codev/plugin` as a user's project does.
const PROJECT = path.join(REPO, 'node_modules', '.cache', `codev-fleet-crash-${process.pid}`);
const TURNS = 6;

/** The reply follows from the transcript alone: a job resumed anywhere gets the same next step. */
function nextReply(messages: readonly Anthropic.MessageParam[]) {
  const done = messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content)).filter((block) => block.type === 'tool_result').length;
  return done < TURNS ? toolUseReply('Note', { text: `note ${done + 1}`, ms: 400 }, { id: `toolu_note_${done + 1}` }) : textReply(`${TURNS} notes written`);
}

/** Starts `codev worker` and resolves once it says it is ready. */
function startWorker(queue: string): Promise<CodevProcess> {
  const args = ['--lock-duration', '5000', '--stalled-interval', '2500', '--workspace-root', path.join(PROJECT, 'workspaces')];
  return startCodevWorker({ redisUrl: servers.redis.url, queue, cwd: PROJECT, args, modelUrl: servers.server.url });
}

const servers = useFleetServers({
  folder: PROJECT,
  prepare: () => {
    writeNoteProject(PROJECT, 'fleet-crash-project');
  },
  script: (request) => nextReply(request.body.messages ?? []),
  appendOnly: true,
});

describe('codev worker', () => {
  it('a job whose worker is killed mid-turn finishes on the other worker, every turn in its transcript once', async () => {
    const queue = `crash-${process.pid}`;
    const [first, second] = await Promise.all([startWorker(queue), startWorker(queue)]);
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    try {
      const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: `write ${TURNS} notes`, permissions: { allow: ['Note'] } });
      const events: FleetEvent[] = [];
      let killed: CodevProcess | undefined;
      for await (const event of job.events({ signal: AbortSignal.timeout(90_000) })) {
        events.push(event);
        // In the middle of turn 4: its tool call runs on the worker, turns 1-3 are checkpointed.
        if (!killed && event.type === 'tool-call' && event.toolUseId === 'toolu_note_4') {
          const start = [...events].reverse().find((seen) => seen.type === 'job-start');
          const pid = Number(start?.type === 'job-start' ? start.worker.split(':').at(-1) : NaN);
          killed = [first, second].find((worker) => worker.child.pid === pid);
          expect(killed, `the job's worker ${pid} is one of ours`).toBeDefined();
          killed!.child.kill('SIGKILL');
        }
      }
      expect(killed).toBeDefined();
      const starts = events.filter((event) => event.type === 'job-start');
      expect(starts).toHaveLength(2);
      expect(starts[1]).toMatchObject({ resumedFromTurn: 3 });
      expect(starts[1]!.type === 'job-start' && starts[1]!.worker).not.toBe(starts[0]!.type === 'job-start' && starts[0]!.worker);
      const result = await job.result({ timeoutMs: 5_000 });
      expect(result).toMatchObject({ status: 'completed', text: `${TURNS} notes written`, turns: TURNS + 1 });

      const client = await connectRedis({ url: servers.redis.url });
      try {
        const transcript = await createRedisSessionStore({ redis: client, prefix: fleetKeys(queue).sessions }).read(result.sessionId!);
        const messages = transcript.messages.map((entry) => entry.message);
        expect(transcript.problems).toEqual([]);
        expect(messages.map((message) => message.role)).toEqual(['user', ...Array.from({ length: TURNS }, () => ['assistant', 'user']).flat(), 'assistant']);
        const uses = messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content)).filter((block) => block.type === 'tool_use');
        expect(uses.map((block) => (block as Anthropic.ToolUseBlockParam).id)).toEqual(Array.from({ length: TURNS }, (_, index) => `toolu_note_${index + 1}`));
      } finally {
        client.disconnect();
      }
    } finally {
      await fleet.close();
    }
  }, 120_000);

  it('jobs queued before Redis is killed and restarted with append-only persistence are still there, and run', async () => {
    const queue = `restart-${process.pid}`;
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    const jobs = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompts: ['one', 'two', 'three'], permissions: { allow: ['Note'] } });
    await fleet.close();
    // appendfsync everysec: what was written more than a second before the kill is on disk.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await servers.redis.kill9();
    await servers.redis.restart();
    const reopened = await createFleet({ connection: servers.redis.url, queue, env: {} });
    try {
      expect((await reopened.status()).counts.waiting).toBe(3);
      await startWorker(queue);
      for (const job of jobs) expect(await reopened.job(job.id).result({ timeoutMs: 60_000 })).toMatchObject({ status: 'completed' });
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
