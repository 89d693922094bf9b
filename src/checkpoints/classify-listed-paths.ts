import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { hashLargeFile, type LargeFileCache } from './hash-large-files.ts';
import type { ChangedPaths } from './list-changed-paths.ts';
import type { LargeFile } from './types.ts';

/** What a recording does with each path git listed. */
export interface ClassifiedPaths {
  /** Files (up to the cap) and links: added to the index or updated in it. */
  update: string[];
  /** Indexed paths that are gone, now a folder, a FIFO, socket or device, or over the cap: out of the index. */
  forget: string[];
  /** Files over the cap, by hash and size. */
  large: LargeFile[];
}

/** True when every folder above `name` under `root` is a real folder, not a link (memoized per recording). */
function isUnderRealFolders(root: string, name: string, memo: Map<string, Promise<boolean>>): Promise<boolean> {
  const parent = path.posix.dirname(name);
  if (parent === '.') return Promise.resolve(true);
  let known = memo.get(parent);
  if (known === undefined) {
    known = isUnderRealFolders(root, parent, memo).then(async (above) => above && ((await lstat(path.join(root, parent)).catch(() => undefined))?.isDirectory() ?? false));
    memo.set(parent, known);
  }
  return known;
}

/** Looks at each listed path without following a link (lstat; an indexed path under a folder that became a link is gone, as for git). */
export async function classifyListedPaths(options: { root: string; listed: ChangedPaths; maxFileBytes: number; cache: LargeFileCache }): Promise<ClassifiedPaths> {
  const { root, listed } = options;
  const wasIndexed = new Set(listed.changed);
  const realFolders = new Map<string, Promise<boolean>>();
  const stats = await Promise.all(
    [...new Set([...listed.changed, ...listed.untracked])].map(async (name) => {
      // git lists no untracked path under a link, so only indexed ones need their folders checked.
      const reachable = !wasIndexed.has(name) || (await isUnderRealFolders(root, name, realFolders));
      return [name, reachable ? await lstat(path.join(root, name)).catch(() => undefined) : undefined] as const;
    }),
  );
  const classified: ClassifiedPaths = { update: [], forget: [], large: [] };
  for (const [name, stat] of stats) {
    if (stat?.isSymbolicLink() || (stat?.isFile() && stat.size <= options.maxFileBytes)) classified.update.push(name);
    else {
      if (stat?.isFile()) classified.large.push(await hashLargeFile({ root, path: name, stat: stat as Stats, cache: options.cache }));
      if (wasIndexed.has(name)) classified.forget.push(name);
    }
  }
  classified.large.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return classified;
}
