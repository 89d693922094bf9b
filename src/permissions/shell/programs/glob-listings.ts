import type { ShellWord } from '../shell-word.ts';
import type { FileEffect } from './types.ts';

const GLOB_CHARACTER = /[*?[]/;

/**
 * The folders a command's globs are expanded in: `echo secrets/*` prints the names in `secrets`, which is
 * a read of that folder whatever the program does with the names. A `possible` read (it only meets Read
 * deny and ask rules), of everything below when a glob is not in the last part (`echo secrets/*\/x`).
 */
export function globListings(args: readonly ShellWord[]): FileEffect[] {
  const listings: FileEffect[] = [];
  for (const word of args) {
    if (!word.glob || word.dynamic) continue;
    const parts = word.value.split('/');
    const first = parts.findIndex((part) => GLOB_CHARACTER.test(part));
    if (first === -1) continue;
    const folder = first === 0 ? '.' : parts.slice(0, first).join('/') || '/';
    listings.push({ word: { ...word, value: folder, glob: false }, access: 'read', via: 'possible', ...(first < parts.length - 1 || word.value.includes('**') ? { recursive: true } : {}) });
  }
  return listings;
}

/** A word that is one process substitution (`<(cat a)`, `>(wc -l)`): a pipe at run time, not a file. */
export function isProcessSubstitution(word: ShellWord): boolean {
  return word.processSubstitution && !word.dynamic && !word.glob && /^[<>]\(/.test(word.value) && word.value.endsWith(')');
}
