/** How many characters may wait to be sent before `append` waits for them: a fast producer cannot grow the queue without bound. */
const MAX_QUEUED = 1024 * 1024;

/** Items sent in order, in batches, in the background. */
export interface BatchQueue<Item> {
  /** Queues `items` and resolves at once, or once the queue is short enough; rejects with an earlier send's failure. */
  append(items: readonly Item[]): Promise<void>;
  /** Resolves once every queued item is sent; rejects with the first failure. */
  drain(): Promise<void>;
}

/**
 * A queue of transcript writes for a session store: one `send` in flight at a time, and what is appended
 * meanwhile goes out together in the next, so the agent loop neither waits for the store nor pays a round
 * trip per message. Batches keep their order, and after the first failure nothing more is sent (a later
 * batch never lands after a gap); that failure is given to every later `append` and `drain`. `size` says how
 * many characters an item counts for the bound.
 */
export function createBatchQueue<Item>(options: { send: (items: Item[]) => Promise<void>; size: (item: Item) => number }): BatchQueue<Item> {
  let queued: Item[] = [];
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
          await options.send(batch);
        } catch (error) {
          failure = error;
        }
      }
      sending = undefined;
    })());

  return {
    async append(items) {
      if (failure !== undefined) throw failure;
      for (const item of items) {
        queued.push(item);
        queuedSize += options.size(item);
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
