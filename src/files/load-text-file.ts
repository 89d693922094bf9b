import type { Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { decodeText, type DecodedText } from './text-encoding.ts';

/** A file as Edit and Write see it before changing it. */
export type LoadedFile =
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'not-text'; stats: Stats; realPath: string; reason: string }
  | { kind: 'text'; stats: Stats; realPath: string; bytes: Buffer; decoded: DecodedText };

/** Stats and decodes a file (following symlinks). Errors other than "does not exist" are thrown. */
export async function loadTextFile(filePath: string): Promise<LoadedFile> {
  let stats: Stats;
  try {
    stats = await stat(filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    throw error;
  }
  if (stats.isDirectory()) return { kind: 'directory' };
  const realPath = await realpath(filePath);
  const bytes = await readFile(realPath);
  const decoded = decodeText(bytes);
  if (!decoded.ok) return { kind: 'not-text', stats, realPath, reason: decoded.reason };
  return { kind: 'text', stats, realPath, bytes, decoded: decoded.value };
}
