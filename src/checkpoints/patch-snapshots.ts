import { diffSnapshots, EMPTY_TREE } from './diff-snapshots.ts';
import { runCheckpointGit } from './run-checkpoint-git.ts';
import { checkObjectId } from './store-layout.ts';
import type { Snapshot } from './types.ts';

/** A unified diff from `from` to `to` (roots named when there are several), cut at `maxBytes` with a last line saying so. */
export async function patchSnapshots(options: { store: string; from: Snapshot; to: Snapshot; maxBytes?: number; signal?: AbortSignal }): Promise<string> {
  const roots = [...new Set([...options.from.roots, ...options.to.roots].map((entry) => entry.root))];
  const pieces: string[] = [];
  for (const root of roots) {
    const from = options.from.roots.find((entry) => entry.root === root);
    const to = options.to.roots.find((entry) => entry.root === root);
    const prefix = roots.length > 1 ? `${root.replace(/^\/+/, '')}/` : '';
    const fromTree = checkObjectId(from?.tree ?? EMPTY_TREE);
    const toTree = checkObjectId(to?.tree ?? EMPTY_TREE);
    if (fromTree !== toTree) {
      const args = ['diff-tree', '-p', '-r', '--no-renames', '--no-ext-diff', '--no-textconv', '--no-color', `--src-prefix=a/${prefix}`, `--dst-prefix=b/${prefix}`, fromTree, toTree];
      pieces.push((await runCheckpointGit({ store: options.store, args, signal: options.signal })).toString('utf8'));
    }
    const large = await diffSnapshots({ store: options.store, from: { roots: from ? [{ ...from, tree: EMPTY_TREE }] : [] }, to: { roots: to ? [{ ...to, tree: EMPTY_TREE }] : [] }, signal: options.signal });
    for (const change of large) {
      const verb = change.from === undefined ? 'added' : change.to === undefined ? 'deleted' : 'changed';
      pieces.push(`Large file ${prefix}${change.path} ${verb} (content not shown: over the size cap)\n`);
    }
  }
  const text = pieces.join('');
  const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
  if (Buffer.byteLength(text) <= limit) return text;
  const cut = Buffer.from(text).subarray(0, limit).toString('utf8').replace(/\uFFFD$/, '');
  return `${cut.slice(0, cut.lastIndexOf('\n') + 1)}[diff cut at ${limit} bytes]\n`;
}
