import type { Redis } from 'ioredis';
import type { FleetEvent } from '../types.ts';

/** One completed turn of a job, as its `job-checkpoint` event tells it. */
export type JobCheckpointEvent = Extract<FleetEvent, { type: 'job-checkpoint' }>;

/** Stream entries read per round trip. */
const PAGE = 1_000;

/**
 * The checkpoints a job's event stream holds, by turn: for a turn checkpointed twice (redone after its worker
 * died) the last one, the one the job went on from. Turns whose events the stream trimmed are not there.
 */
export async function readJobCheckpoints(options: { redis: Redis; eventsKey: string }): Promise<Map<number, JobCheckpointEvent>> {
  const found = new Map<number, JobCheckpointEvent>();
  let start = '-';
  for (;;) {
    const entries = await options.redis.xrange(options.eventsKey, start, '+', 'COUNT', PAGE);
    for (const [, fields] of entries) {
      const json = fields[fields.indexOf('event') + 1] ?? '';
      // Most events are the agent's: the check spares parsing them.
      if (!json.includes('"job-checkpoint"')) continue;
      const event = JSON.parse(json) as FleetEvent;
      if (event.type === 'job-checkpoint') found.set(event.turn, event);
    }
    if (entries.length < PAGE) return found;
    start = `(${entries.at(-1)![0]}`;
  }
}
