import { write } from 'node:fs';
import { createBatchQueue, type BatchQueue } from './create-batch-queue.ts';

/** Writes to an open file, in order, off the main thread: each item is whole lines of text. */
export type AppendQueue = BatchQueue<string>;

/**
 * An append queue over `descriptor` (opened with O_APPEND): a {@link createBatchQueue} whose batches are
 * joined into one write on libuv's thread pool, so the agent loop neither waits for the disk nor pays a
 * system call per message. Writes keep their order and hold whole lines: a `kill -9` can lose only what was
 * still queued (the last messages of the last moment), never tear or reorder an earlier line.
 */
export function createAppendQueue(descriptor: number): AppendQueue {
  const writeAll = (buffer: Buffer, offset = 0): Promise<void> =>
    new Promise<void>((resolve, reject) =>
      write(descriptor, buffer, offset, buffer.length - offset, null, (error, written) => (error ? reject(error) : resolve(written < buffer.length - offset ? writeAll(buffer, offset + written) : undefined))),
    );
  return createBatchQueue({ send: (texts) => writeAll(Buffer.from(texts.join(''))), size: (text) => text.length });
}
