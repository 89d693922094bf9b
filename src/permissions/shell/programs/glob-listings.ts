import type { ShellWord } from '../shell-word.ts';
import type { FileEffect } from './types.ts';

const GLOB_CHARACTER = /[*?[]/;

/**
 * What a command's globs show, whatever the program does with the words: the names in the folder each is
 * expanded in (`echo secrets/*` prints the names in `secrets`, a read of that folder) and the names it
 * matches (the glob itself, expanded on disk when the files are resolved: `echo pub/*\/*` names what is in
 * every folder of `pub`). `possible` reads: they only meet Read deny and ask rules.
 */
export function globListings(args: readonly ShellWord[]): FileEffect[] {
  const listings: FileEffect[] = [];
  for (const word of args) {
    if (!word.glob || word.dynamic) continue;
    const parts = word.value.split('/');
    const first = parts.findIndex((part) => GLOB_CHARACTER.test(part));
    if (first === -1) continue;
    const folder = first === 0 ? '.' : parts.slice(0, first).join('/') || '/';
    listings.push({ word: { ...word, value: folder, glob: false }, access: 'read', via: 'possible' }, { word, access: 'read', via: 'possible' });
  }
  return listings;
}

/** A word that is one process substitution (`<(cat a)`, `>(wc -l)`): a pipe at run time, not a file. */
export function isProcessSubstitution(word: ShellWord): boolean {
  return word.processSubstitution && !word.dynamic && !word.glob && /^[<>]\(/.test(word.value) && word.value.endsWith(')');
}
