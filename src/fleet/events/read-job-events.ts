import type { Redis } from 'ioredis';
import type { FleetEvent } from '../types.ts';
import { readJobEventStreams } from './read-job-event-streams.ts';

/**
 * A job's events from its first, live: blocking reads of its stream on a connection of their own (a
 * blocking read holds its connection), ending after the `job-end` event or when `signal` aborts. The
 * connection is made by `connect` and always quit. One job of `readJobEventStreams`, which follows many.
 */
export async function* readJobEvents(options: { connect: () => Promise<Redis>; key: string; signal?: AbortSignal; afterRead?: () => Promise<void> }): AsyncGenerator<FleetEvent, void, void> {
  const { key, afterRead } = options;
  const streams = readJobEventStreams({ connect: options.connect, keyOf: () => key, jobIds: [key], signal: options.signal, ...(afterRead && { afterRead: () => afterRead() }) });
  for await (const { event } of streams) yield event;
}
