import { CodevError } from '../errors/codev-error.ts';

/**
 * The tail of each key's queue. On `globalThis` under a registered symbol: a plugin loaded through jiti may
 * bring a second copy of this module, and its writes must queue behind the same ones.
 */
const QUEUES_KEY = Symbol.for('codev.files.exclusiveQueues');
const queues: Map<string, Promise<void>> = ((globalThis as Record<symbol, unknown>)[QUEUES_KEY] ??= new Map()) as Map<string, Promise<void>>;

/**
 * Runs `action` once every earlier action of the same key has ended, so actions of one key never overlap
 * (in this process). A key's entry is dropped when its last action ends, so the map only holds keys in use.
 * An abort while waiting rejects with TOOL_ABORTED, and the queue behind it still waits for those ahead.
 */
export async function runExclusive<T>(key: string, action: () => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
  const ahead = queues.get(key);
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = ahead ? ahead.then(() => mine) : mine;
  queues.set(key, tail);
  try {
    if (ahead) await waitFor(ahead, options.signal, key);
    return await action();
  } finally {
    release();
    if (queues.get(key) === tail) queues.delete(key);
  }
}

function waitFor(ahead: Promise<void>, signal: AbortSignal | undefined, key: string): Promise<void> {
  if (!signal) return ahead;
  const aborted = () => new CodevError('TOOL_ABORTED', `Stopped waiting for the earlier writes of ${key}.`, { file: key });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    ahead.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
