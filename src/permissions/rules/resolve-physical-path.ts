import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** Linux's PATH_MAX, terminator included. */
const PATH_MAX = 4096;

/** A path with its `..` resolved the way the kernel does, or why that cannot be known now. */
export type PhysicalPath = { ok: true; path: string } | { ok: false; path: string; reason: string };

/**
 * Resolves every `..` of an absolute path the way the kernel does: the part before it is resolved through
 * its symlinks first, so `link/../x` is `x` beside the link's TARGET, not beside the link. Other names,
 * links included, are kept as written (the link-name rules still see them). When the part before a `..` is
 * missing, not a folder or a link loop (the kernel's ELOOP, at 40 links), the answer is `ok: false` with the
 * lexical form as `path`: such a name may be made a link to anywhere before it is used, so it must not be
 * allowed on its lexical reading.
 */
export function resolvePhysicalPath(absolute: string): PhysicalPath {
  // Most paths have no `..`: then the lexical form is the kernel's.
  if (!/(?:^|\/)\.\.(?:\/|$)/.test(absolute)) return { ok: true, path: path.posix.resolve(absolute) };
  // The kernel refuses a longer path (ENAMETOOLONG); this also bounds the look-ups one path costs.
  if (Buffer.byteLength(absolute) >= PATH_MAX) return { ok: false, path: path.posix.resolve(absolute), reason: `the path is longer than the kernel takes (${PATH_MAX} bytes)` };
  let current = '/';
  for (const name of absolute.split('/')) {
    if (name === '' || name === '.') continue;
    if (name !== '..') {
      current = path.posix.join(current, name);
      continue;
    }
    const parent = physicalParent(current);
    if (typeof parent !== 'string') return { ok: false, path: path.posix.resolve(absolute), reason: `${current} ${parent.why}, so what \`..\` after it names is only known when it is used` };
    current = parent;
  }
  return { ok: true, path: current };
}

/** The folder the kernel reaches by `..` from `folder`: the parent of its real path, by its written name when that is the same folder. */
function physicalParent(folder: string): string | { why: string } {
  if (folder === '/') return '/';
  let real: string;
  try {
    real = realpathSync.native(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { why: 'is a loop of symbolic links' };
    if (code === 'ENOTDIR') return { why: 'runs through a file' };
    return { why: code === 'ENOENT' ? 'does not exist yet' : `cannot be resolved (${code ?? 'error'})` };
  }
  try {
    if (!statSync(real).isDirectory()) return { why: 'is not a folder' };
    // The written parent when it is the same folder: links above stay named (a cwd under a linked /tmp).
    const written = path.posix.dirname(folder);
    return realpathSync.native(written) === path.posix.dirname(real) ? written : path.posix.dirname(real);
  } catch {
    return { why: 'cannot be resolved' };
  }
}
