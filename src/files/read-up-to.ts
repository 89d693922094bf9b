import type { FileHandle } from 'node:fs/promises';

const FIRST_CHUNK = 64 * 1024;

/**
 * Reads `handle` from its start until its end or `limit` bytes, whichever comes first: a file that grows
 * while it is read (a log, a file swapped for something endless) cannot take more memory than `limit`.
 * Callers pass their size cap + 1, so that a longer result means "over the cap". `sizeHint` (the size
 * from fstat) sizes the first buffer.
 */
export async function readUpTo(handle: FileHandle, limit: number, sizeHint = 0): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(limit, Math.max(sizeHint + 1, FIRST_CHUNK)));
  let length = 0;
  while (length < limit) {
    if (length === buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(limit, buffer.length * 2));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return buffer.subarray(0, length);
}
