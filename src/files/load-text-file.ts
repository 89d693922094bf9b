import type { Stats } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { fileIdentity, type FileIdentity } from './file-identity.ts';
import { openRegularFile, type NonRegularFileType } from './open-regular-file.ts';
import { readUpTo } from './read-up-to.ts';
import { realPathOfHandle } from './real-path-of-handle.ts';
import { decodeText, type DecodedText } from './text-encoding.ts';

/**
 * The largest file Edit and Write load as text (and the most they read of any file). Editing means the
 * text, the new text and the patch in memory at once; a JS string cannot pass 512 M characters anyway.
 */
export const MAX_TEXT_FILE_BYTES = 256 * 1024 * 1024;

/** What the file was when loaded; a write is refused if it is no longer that (see writeFileAtomic). */
interface Loaded {
  stats: Stats;
  realPath: string;
  identity: FileIdentity;
}

/** Told the real path of an opened file (see realPathOfHandle) and its stats before it is read; throwing refuses it. */
export type LoadCheck = (realPath: string | undefined, stats: Stats) => void | Promise<void>;

/** A file as Edit and Write see it before changing it. */
export type LoadedFile =
  | { kind: 'missing' }
  | { kind: 'not-regular'; type: NonRegularFileType }
  | ({ kind: 'too-large' } & Loaded)
  | ({ kind: 'not-text'; reason: string } & Loaded)
  | ({ kind: 'text'; bytes: Buffer; decoded: DecodedText } & Loaded);

/**
 * Loads and decodes a file (following symlinks). A directory, FIFO, device or socket is answered as
 * 'not-regular' without a byte read (it would block, or never end); at most `maxBytes` + 1 bytes are read,
 * from the same handle that was checked. `checkOpened` is told the real path of the open file (as the
 * kernel names it, see realPathOfHandle) and its stats before a byte is read; throwing refuses the load.
 * Errors other than "does not exist" are thrown.
 */
export async function loadTextFile(filePath: string, options: { maxBytes?: number; checkOpened?: LoadCheck } = {}): Promise<LoadedFile> {
  const maxBytes = options.maxBytes ?? MAX_TEXT_FILE_BYTES;
  let opened;
  try {
    opened = await openRegularFile(filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    throw error;
  }
  if (!opened.ok) return { kind: 'not-regular', type: opened.type };
  const { handle, stats } = opened;
  try {
    const named = await realPathOfHandle(handle, filePath);
    await options.checkOpened?.(named, stats);
    const loaded: Loaded = { stats, realPath: named ?? (await realpath(filePath)), identity: fileIdentity(stats) };
    if (stats.size > maxBytes) return { kind: 'too-large', ...loaded };
    const bytes = await readUpTo(handle, maxBytes + 1, stats.size);
    if (bytes.length > maxBytes) return { kind: 'too-large', ...loaded };
    const decoded = decodeText(bytes);
    if (!decoded.ok) return { kind: 'not-text', reason: decoded.reason, ...loaded };
    return { kind: 'text', bytes, decoded: decoded.value, ...loaded };
  } finally {
    await handle.close();
  }
}
