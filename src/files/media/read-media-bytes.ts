import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';
import { formatBytes } from '../format-bytes.ts';
import type { MediaSource } from './types.ts';

/** A part's bytes, and the absolute path of its file when it has one. */
export interface MediaBytes {
  bytes: Uint8Array;
  file?: string;
}

/**
 * The bytes of a part: its `data`, or its file read whole. `INPUT_INVALID` when it has both or neither, or
 * the file is missing or not a regular file; `MEDIA_TOO_LARGE` past `maxBytes` (checked before reading).
 */
export async function readMediaBytes(options: { source: MediaSource; cwd: string; maxBytes: number }): Promise<MediaBytes> {
  const { source, maxBytes } = options;
  const hasPath = typeof source.path === 'string';
  const hasData = source.data instanceof Uint8Array;
  if (hasPath === hasData) throw new CodevError('INPUT_INVALID', 'A prompt image or document needs either `path` or `data` (a Uint8Array)', { field: hasPath ? 'data' : 'path' });
  if (hasData) {
    if (source.data!.length > maxBytes) throw tooLarge({ size: source.data!.length, maxBytes });
    return { bytes: source.data! };
  }
  const file = path.resolve(options.cwd, source.path!);
  const stats = await stat(file).catch(() => undefined);
  if (!stats) throw new CodevError('INPUT_INVALID', `No such file: ${file}`, { file, hint: 'check the path (relative paths start at the agent\'s working directory)' });
  if (!stats.isFile()) throw new CodevError('INPUT_INVALID', `${file} is not a regular file`, { file });
  if (stats.size > maxBytes) throw tooLarge({ size: stats.size, maxBytes, file });
  return { bytes: await readFile(file), file };
}

function tooLarge(options: { size: number; maxBytes: number; file?: string }): CodevError {
  const what = options.file ?? 'The data';
  return new CodevError('MEDIA_TOO_LARGE', `${what} is ${formatBytes(options.size)}, over the ${formatBytes(options.maxBytes)} a prompt part may be`, {
    ...(options.file && { file: options.file }),
    hint: 'send a smaller file, or the pages or part that matter',
  });
}
