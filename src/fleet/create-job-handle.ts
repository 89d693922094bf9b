import type { Redis } from 'ioredis';
import { CodevError } from '../errors/codev-error.ts';
import { createLostJobLookout } from './endings/create-lost-job-lookout.ts';
import { readJobEvents } from './events/read-job-events.ts';
import type { FleetEvent, FleetJobResult, JobHandle } from './types.ts';

/**
 * A handle on a job by id: its events read from the job's stream (from the first, so a handle made late
 * misses nothing), its result the `job-end` event's, and its cancellation the fleet's. While it waits,
 * `endIfLost` runs now and then (it ends a job BullMQ failed or no longer has, once, on the job's stream),
 * so a handle never waits forever on a job nothing will end, even with no worker left.
 */
export function createJobHandle(options: { id: string; eventsKey: string; connect: () => Promise<Redis>; cancel: (id: string) => Promise<void>; endIfLost?: (id: string) => Promise<unknown> }): JobHandle {
  const { id, endIfLost } = options;
  const events = (eventOptions: { signal?: AbortSignal } = {}): AsyncIterable<FleetEvent> => {
    const lookout = endIfLost && createLostJobLookout({ endIfLost });
    return readJobEvents({ connect: options.connect, key: options.eventsKey, signal: eventOptions.signal, ...(lookout && { afterRead: () => lookout([id]) }) });
  };
  return {
    id,
    events,
    async result(resultOptions = {}) {
      const controller = new AbortController();
      const forward = () => controller.abort(resultOptions.signal?.reason);
      resultOptions.signal?.addEventListener('abort', forward, { once: true });
      const timer = resultOptions.timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(new CodevError('JOB_TIMEOUT', `Job ${id} did not end within ${resultOptions.timeoutMs} ms`)), resultOptions.timeoutMs);
      try {
        let result: FleetJobResult | undefined;
        for await (const event of events({ signal: controller.signal })) if (event.type === 'job-end') result = event.result;
        if (!result) throw controller.signal.reason ?? new CodevError('JOB_NOT_FOUND', `Job ${id} has no end`);
        return result;
      } finally {
        clearTimeout(timer);
        resultOptions.signal?.removeEventListener('abort', forward);
      }
    },
    cancel: () => options.cancel(id),
  };
}
