import { picomatch } from './picomatch.ts';

/** One line of an ignore file, compiled. */
interface IgnoreRule {
  negate: boolean;
  directoryOnly: boolean;
  /** Matches the basename (pattern without a slash) or the path relative to the file's directory. */
  anchored: boolean;
  test: (candidate: string) => boolean;
}

/** The rules of one ignore file and the directory (relative to the search root, '' = root) they apply under. */
export interface IgnoreFile {
  base: string;
  rules: readonly IgnoreRule[];
}

/**
 * Parses gitignore syntax: comments, blank lines, `!` negation, a trailing `/` for directories only,
 * a slash anywhere but the end anchors the pattern to the file's directory, `*`, `?`, `[...]`, `**`.
 * Escaped leading `\#` / `\!` and trailing-space trimming follow git.
 */
export function parseIgnoreFile(text: string, base: string): IgnoreFile {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    let negate = false;
    if (line.startsWith('!')) {
      negate = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) line = line.slice(1);
    let directoryOnly = false;
    if (line.endsWith('/')) {
      directoryOnly = true;
      line = line.replace(/\/+$/, '');
    }
    if (line === '') continue;
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    const test = picomatch(line, { dot: true });
    rules.push({ negate, directoryOnly, anchored, test });
  }
  return { base, rules };
}

/**
 * True when `relativePath` (relative to the search root, `/`-separated) is ignored by the given files,
 * which are ordered from the root down: the last matching rule wins, as in git.
 */
export function isIgnored(files: readonly IgnoreFile[], relativePath: string, isDirectory: boolean): boolean {
  let ignored = false;
  const name = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  for (const file of files) {
    if (file.base !== '' && !relativePath.startsWith(`${file.base}/`)) continue;
    const local = file.base === '' ? relativePath : relativePath.slice(file.base.length + 1);
    for (const rule of file.rules) {
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.anchored ? rule.test(local) : rule.test(name)) ignored = !rule.negate;
    }
  }
  return ignored;
}
