import { picomatch } from './picomatch.ts';

/**
 * A ripgrep-style `--glob` filter over paths relative to the search root: a glob without a slash matches
 * the basename at any depth, one with a slash the whole relative path; `!glob` excludes. Applied by codev
 * itself because ripgrep's positive `--glob` is an override that would re-include gitignored files.
 */
export function globFilter(globs: readonly string[]): (relative: string) => boolean {
  const toTest = (glob: string) => {
    const test = picomatch(glob, { dot: true });
    return glob.includes('/') ? (relative: string) => test(relative) : (relative: string) => test(relative.slice(relative.lastIndexOf('/') + 1));
  };
  const positive = globs.filter((glob) => !glob.startsWith('!')).map(toTest);
  const negative = globs.filter((glob) => glob.startsWith('!')).map((glob) => toTest(glob.slice(1)));
  return (relative) => (positive.length === 0 || positive.some((test) => test(relative))) && !negative.some((test) => test(relative));
}
