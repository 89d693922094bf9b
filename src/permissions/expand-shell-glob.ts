import { readdir } from 'node:fs/promises';
import { hasGlobSyntax, matchGlobSegment } from './rules/match-glob-segment.ts';

/** Past this many names, a glob is taken as "anything below its fixed part". */
const MAX_MATCHES = 200;
/** Directory entries read at most for one glob. */
const MAX_ENTRIES = 5_000;

/** What a glob names now: the matching paths, or the folder everything it can name is in. */
export type GlobExpansion = { paths: string[] } | { below: string };

/**
 * The paths an absolute shell glob (`/p/.e*`, `/p/src/*.ts`) names on disk now, as bash expands it:
 * dotfiles included (`shopt -s dotglob` is one word away) and `**` at any depth (`shopt -s globstar`), so
 * the answer is never narrower than the run. No match gives the pattern itself (bash passes it on). Past
 * 200 matches or 5,000 entries read, the answer is the fixed folder before the first glob: everything the
 * glob can name is below it.
 */
export async function expandShellGlob(pattern: string): Promise<GlobExpansion> {
  const segments = pattern.split('/').filter(Boolean);
  const firstGlob = segments.findIndex(hasGlobSyntax);
  if (firstGlob === -1) return { paths: [pattern] };
  const base = `/${segments.slice(0, firstGlob).join('/')}`;
  const budget = { entries: MAX_ENTRIES };
  let current = [base];
  for (const segment of segments.slice(firstGlob)) {
    const next: string[] = [];
    for (const directory of current) {
      if (segment === '**') next.push(directory, ...(await descendants(directory, budget)));
      else if (!hasGlobSyntax(segment)) next.push(childPath(directory, segment));
      else next.push(...(await matching(directory, segment, budget)));
      if (next.length > MAX_MATCHES || budget.entries < 0) return { below: base };
    }
    current = [...new Set(next)];
  }
  return { paths: current.length > 0 ? current : [pattern] };
}

async function matching(directory: string, segment: string, budget: { entries: number }): Promise<string[]> {
  const names = await list(directory, budget);
  return names.filter((entry) => matchGlobSegment(segment, entry.name)).map((entry) => childPath(directory, entry.name));
}

async function descendants(directory: string, budget: { entries: number }): Promise<string[]> {
  const found: string[] = [];
  const pending = [directory];
  while (pending.length > 0 && budget.entries >= 0 && found.length <= MAX_MATCHES) {
    const current = pending.pop()!;
    for (const entry of await list(current, budget)) {
      const child = childPath(current, entry.name);
      found.push(child);
      if (entry.isDirectory()) pending.push(child);
    }
  }
  return found;
}

/** `name` in `directory`, joined as written: `path.join` would collapse `link/..` by name; the kernel follows the link. */
function childPath(directory: string, name: string): string {
  return directory.endsWith('/') ? `${directory}${name}` : `${directory}/${name}`;
}

async function list(directory: string, budget: { entries: number }) {
  try {
    const entries = await readdir(directory, { withFileTypes: true });
    budget.entries -= entries.length;
    return entries;
  } catch {
    return [];
  }
}
