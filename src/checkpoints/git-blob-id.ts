import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readlink } from 'node:fs/promises';

/** Read whole below this size; streamed above it. */
const SMALL_FILE_BYTES = 1024 * 1024;

/** The git blob id of `content`, as `git hash-object --no-filters` gives it. */
export function blobIdOf(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** The git blob id of a file on disk by its bytes (streamed: large files are never read whole), or of a link by its target. */
export async function blobIdOfPath(file: string, stat: { size: number; isSymbolicLink(): boolean }): Promise<string> {
  if (stat.isSymbolicLink()) return blobIdOf(Buffer.from(await readlink(file, { encoding: 'buffer' })));
  if (stat.size <= SMALL_FILE_BYTES) {
    const content = await readFile(file);
    if (content.length !== stat.size) throw new Error(`${file} changed while it was hashed`);
    return blobIdOf(content);
  }
  const hash = createHash('sha1').update(`blob ${stat.size}\0`);
  let length = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    length += chunk.length;
  }
  // The file grew or shrank while it was read: the header lied, so no id would be right.
  if (length !== stat.size) throw new Error(`${file} changed while it was hashed`);
  return hash.digest('hex');
}
