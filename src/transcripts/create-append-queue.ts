import { write } from 'node:fs';

/** How many bytes may wait to be written before `append` waits for them: a fast producer cannot grow the queue without bound. */
const MAX_QUEUED_BYTES = 1024 * 1024;

/** Writes to an open file, in order, off the main thread. */
export interface AppendQueue {
  /** Queues `text` (whole lines) and resolves at once, or once the queue is short enough; rejects with an earlier write's failure. */
  append(text: string): Promise<void>;
  /** Resolves once every queued text is written; rejects with the first failure. */
  drain(): Promise<void>;
}

/**
 * An append queue over `descriptor` (opened with O_APPEND). One write is in flight at a time, on libuv's
 * thread pool; what is appended meanwhile is joined and goes out in the next write, so the agent loop
 * neither waits for the disk nor pays a system call per message. Writes keep their order and hold whole
 * lines: a `kill -9` can lose only what was still queued (the last messages of the last moment), never tear
 * or reorder an earlier line. The first failure is kept and given to every later `append` and `drain`.
 */
export function createAppendQueue(descriptor: number): AppendQueue {
  let queued: string[] = [];
  let queuedBytes = 0;
  let writing: Promise<void> | undefined;
  let failure: unknown;

  const writeAll = (buffer: Buffer, offset = 0): Promise<void> =>
    new Promise<void>((resolve, reject) =>
      write(descriptor, buffer, offset, buffer.length - offset, null, (error, written) => (error ? reject(error) : resolve(written < buffer.length - offset ? writeAll(buffer, offset + written) : undefined))),
    );

  /** Writes until nothing is queued; one loop at a time. */
  const flush = (): Promise<void> =>
    (writing ??= (async () => {
      while (queued.length > 0 && failure === undefined) {
        const text = queued.join('');
        queued = [];
        queuedBytes = 0;
        try {
          await writeAll(Buffer.from(text));
        } catch (error) {
          failure = error;
        }
      }
      writing = undefined;
    })());

  return {
    async append(text) {
      if (failure !== undefined) throw failure;
      queued.push(text);
      queuedBytes += text.length;
      const flushing = flush();
      if (queuedBytes > MAX_QUEUED_BYTES) await flushing;
      if (failure !== undefined) throw failure;
    },
    async drain() {
      while (writing) await writing;
      if (queued.length > 0) await flush();
      if (failure !== undefined) throw failure;
    },
  };
}
