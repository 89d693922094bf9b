import path from 'node:path';
import { CODE_EXTENSIONS } from './module-specifiers.ts';

/**
 * The places of a plugin the config lists (`plugins: ['./vendor/tool']`), resolved to `file`: the file, and what
 * would replace it at the next load, since a listed entry is resolved again each time. A path without extension
 * takes the first of `<stem>.ts`, `.mts`, `.cts`, `.js`, `.mjs`, `.cjs`, or a `<stem>/` folder's index; a folder
 * takes the first of its `index.*` (CommonJS last, so every other extension shadows a `.cjs`). The siblings are
 * protected with every code extension, and `<stem>/` as a folder; a prompt too many costs less than a plugin
 * replaced unasked.
 */
export function pluginEntryPlaces(file: string): Array<{ path: string; why: string; file?: boolean }> {
  const stem = file.slice(0, file.length - path.extname(file).length);
  const shadows = CODE_EXTENSIONS.map((extension) => stem + extension).filter((candidate) => candidate !== file);
  return [
    { path: file, why: 'a plugin the config loads' },
    ...shadows.map((candidate) => ({ path: candidate, why: `would load instead of ${file}, a plugin the config lists`, file: true })),
    { path: stem, why: `a folder that would load instead of ${file}, a plugin the config lists` },
  ];
}
