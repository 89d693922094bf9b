import path from 'node:path';
import type { FileChange } from '../../../checkpoints/types.ts';

const STATUS: Record<FileChange['status'], string> = { added: 'A', modified: 'M', deleted: 'D', 'type-changed': 'T', 'mode-changed': 'X' };

/**
 * Files that change, one line each, as a compact `git diff --stat`: a status letter (A added, M modified,
 * D deleted, T file/link swapped, X only the executable bit), the path from `cwd`, and `+N -N` lines (or
 * `binary`, `large`), then what `note` says of it; past `max` files, how many more.
 */
export function formatFileChanges(options: { changes: readonly FileChange[]; cwd: string; indent?: string; max?: number; note?: (change: FileChange) => string | undefined }): string[] {
  const { changes, cwd, indent = '  ', max = Infinity, note = () => undefined } = options;
  const shown = changes.slice(0, max);
  const names = shown.map((change) => displayPath(change, cwd));
  const width = Math.max(0, ...names.map((name) => name.length));
  const lines = shown.map((change, index) => [`${indent}${STATUS[change.status]} ${names[index]!.padEnd(width)}`, lineCounts(change), note(change)].filter(Boolean).join('  ').trimEnd());
  if (changes.length > shown.length) lines.push(`${indent}… and ${changes.length - shown.length} more`);
  return lines;
}

/** `3 files, +10 -4`: the count of files and the lines added and deleted in all. */
export function summarizeFileChanges(changes: readonly FileChange[]): string {
  const additions = changes.reduce((sum, change) => sum + (change.additions ?? 0), 0);
  const deletions = changes.reduce((sum, change) => sum + (change.deletions ?? 0), 0);
  return changes.length === 0 ? 'no change' : `${changes.length} file${changes.length === 1 ? '' : 's'}, +${additions} -${deletions}`;
}

/** The file's path as the person sees it from `cwd` (its root's path when it is elsewhere). */
export function displayPath(file: { root: string; path: string }, cwd: string): string {
  const relative = path.relative(cwd, path.join(file.root, file.path));
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.join(file.root, file.path) : relative;
}

function lineCounts(change: FileChange): string {
  if (change.large) return 'large';
  if (change.binary) return 'binary';
  if (change.additions === undefined && change.deletions === undefined) return '';
  return `+${change.additions ?? 0} -${change.deletions ?? 0}`;
}
