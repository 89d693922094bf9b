import type { Redis } from 'ioredis';
import type { FleetEvent } from '../types.ts';

/** How long one blocking read waits before it looks at the signal again. */
const BLOCK_MS = 1_000;

/**
 * A job's events from its first, live: blocking reads of its stream on a connection of their own (a
 * blocking read holds its connection), ending after the `job-end` event or when `signal` aborts. The
 * connection is made by `connect` and always quit. `onIdle` runs after each read that found nothing new
 * (the job handle looks there whether BullMQ ended the job behind codev's back).
 */
export async function* readJobEvents(options: { connect: () => Promise<Redis>; key: string; signal?: AbortSignal; onIdle?: () => Promise<void> }): AsyncGenerator<FleetEvent, void, void> {
  const { key, signal } = options;
  const redis = await options.connect();
  try {
    let last = '0';
    while (!signal?.aborted) {
      const reply = (await redis.xread('COUNT', 500, 'BLOCK', BLOCK_MS, 'STREAMS', key, last)) as [string, [string, string[]][]][] | null;
      for (const [id, fields] of reply?.[0]?.[1] ?? []) {
        last = id;
        const event = JSON.parse(fieldOf(fields, 'event')) as FleetEvent;
        yield event;
        if (event.type === 'job-end') return;
      }
      if (!reply && !signal?.aborted) await options.onIdle?.();
    }
  } finally {
    redis.disconnect();
  }
}

function fieldOf(fields: readonly string[], name: string): string {
  const at = fields.indexOf(name);
  return at >= 0 && at % 2 === 0 ? fields[at + 1]! : 'null';
}
