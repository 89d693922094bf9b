/**
 * The `job-end` events of a job as its Redis stream holds them (every one, not only the first a client
 * would stop at), read with XRANGE.
 */
import type { Redis } from 'ioredis';
import { fleetKeys } from '../../../src/fleet/fleet-keys.ts';
import type { FleetJobResult } from '../../../src/fleet/types.ts';

export async function readJobEnds(options: { redis: Redis; queue: string; jobId: string }): Promise<FleetJobResult[]> {
  const entries = await options.redis.xrange(fleetKeys(options.queue).events(options.jobId), '-', '+');
  const ends: FleetJobResult[] = [];
  for (const [, fields] of entries) {
    const index = fields.indexOf('event');
    const event = index >= 0 ? (JSON.parse(fields[index + 1]!) as { type: string; result?: FleetJobResult }) : undefined;
    if (event?.type === 'job-end' && event.result) ends.push(event.result);
  }
  return ends;
}
