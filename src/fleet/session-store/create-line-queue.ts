/** How many characters may wait to be sent before `append` waits for them: a fast producer cannot grow the queue without bound. */
const MAX_QUEUED = 1024 * 1024;

/** Lines sent in order, one batch at a time, in the background. */
export interface LineQueue {
  /** Queues `lines` and resolves at once, or once the queue is short enough; rejects with an earlier send's failure. */
  append(lines: readonly string[]): Promise<void>;
  /** Resolves once every queued line is sent; rejects with the first failure. */
  drain(): Promise<void>;
}

/**
 * The Redis store's `createAppendQueue`: one `send` in flight at a time, and the lines appended meanwhile
 * go out together in the next, so the agent loop does not wait for Redis and pays one round trip per
 * batch, not per line. Batches keep their order, and after the first failure nothing more is sent (a
 * later batch never lands after a gap); that failure is given to every later `append` and `drain`.
 */
export function createLineQueue(send: (lines: string[]) => Promise<void>): LineQueue {
  let queued: string[] = [];
  let queuedSize = 0;
  let sending: Promise<void> | undefined;
  let failure: unknown;

  /** Sends until nothing is queued; one loop at a time. */
  const flush = (): Promise<void> =>
    (sending ??= (async () => {
      while (queued.length > 0 && failure === undefined) {
        const batch = queued;
        queued = [];
        queuedSize = 0;
        try {
          await send(batch);
        } catch (error) {
          failure = error;
        }
      }
      sending = undefined;
    })());

  return {
    async append(lines) {
      if (failure !== undefined) throw failure;
      for (const line of lines) {
        queued.push(line);
        queuedSize += line.length;
      }
      const flushing = flush();
      if (queuedSize > MAX_QUEUED) await flushing;
      if (failure !== undefined) throw failure;
    },
    async drain() {
      while (sending) await sending;
      if (queued.length > 0) await flush();
      if (failure !== undefined) throw failure;
    },
  };
}
