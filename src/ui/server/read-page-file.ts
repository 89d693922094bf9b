import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';

/** The largest file of the page served (the bundle is far below it). */
const MAX_PAGE_FILE_BYTES = 8 * 1024 * 1024;

/** A name the page's assets may have, segment by segment: no `..`, no hidden file, no separator, no escape. */
const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A file of the page, read whole, with its content type. */
export interface PageFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Reads `relative` (a path of `/`-separated segments, as sent) from the page folder, or undefined when it is not a
 * regular file inside it: a segment that is `..`, hidden or encoded, a link leading out, a FIFO, a device, a folder,
 * a file past 8 MiB. Opened without following a final link, without blocking on a FIFO, and judged by its
 * descriptor, so what was checked is what is read.
 */
export async function readPageFile(options: { pageDirectory: string; relative: string }): Promise<PageFile | undefined> {
  const segments = options.relative.split('/');
  if (!segments.every((segment) => SAFE_SEGMENT.test(segment) && !segment.includes('..'))) return undefined;
  const candidate = path.join(options.pageDirectory, ...segments);
  let real: string;
  let root: string;
  try {
    [real, root] = await Promise.all([realpath(candidate), realpath(options.pageDirectory)]);
  } catch {
    return undefined;
  }
  if (!real.startsWith(root + path.sep)) return undefined;
  let handle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > MAX_PAGE_FILE_BYTES) return undefined;
    const bytes = Buffer.alloc(stat.size);
    const { bytesRead } = await handle.read(bytes, 0, stat.size, 0);
    return { bytes: bytes.subarray(0, bytesRead), contentType: CONTENT_TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream' };
  } finally {
    await handle.close();
  }
}
