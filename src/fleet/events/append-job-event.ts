import type { Redis } from 'ioredis';
import type { FleetEvent } from '../types.ts';

/** Streams keep this many events per job at most (about: Redis trims whole nodes), the oldest dropped first. */
export const MAX_EVENTS = 100_000;

/**
 * Appends one event to a job's stream, where `events()` of any process reads it in order. The entry is the
 * event's JSON and the attempt that made it.
 */
export async function appendJobEvent(options: { redis: Redis; key: string; event: FleetEvent; attempt: number }): Promise<void> {
  await options.redis.xadd(options.key, 'MAXLEN', '~', MAX_EVENTS, '*', 'event', JSON.stringify(options.event), 'attempt', String(options.attempt));
}
