import { isCodevStatePath } from './codev-state-paths.ts';
import { LINK_MODE, type PathChange, type PathSide, sameSide } from './path-change.ts';
import { runCheckpointGit } from './run-checkpoint-git.ts';
import { checkObjectId } from './store-layout.ts';
import type { RootSnapshot, Snapshot } from './types.ts';

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const ABSENT_MODE = '000000';

interface TreeDiff {
  sides: Map<string, { from?: PathSide; to?: PathSide }>;
  counts: Map<string, { additions?: number; deletions?: number; binary?: boolean }>;
}

/** Parses `diff-tree -r -z --raw --numstat`: `:old new oldId newId S\0path\0` records, then `add\tdel\tpath\0`. */
function parseTreeDiff(output: Buffer): TreeDiff {
  const fields = output.toString('utf8').split('\0');
  const sides: TreeDiff['sides'] = new Map();
  const counts: TreeDiff['counts'] = new Map();
  for (let at = 0; at < fields.length; at++) {
    const field = fields[at]!;
    if (field.startsWith(':')) {
      const [oldMode, newMode, oldId, newId] = field.slice(1).split(' ');
      const name = fields[++at]!;
      sides.set(name, {
        from: oldMode === ABSENT_MODE ? undefined : { mode: oldMode!, oid: oldId!, large: false },
        to: newMode === ABSENT_MODE ? undefined : { mode: newMode!, oid: newId!, large: false },
      });
    } else if (field !== '') {
      const [additions, deletions, ...rest] = field.split('\t');
      const name = rest.join('\t');
      counts.set(name, additions === '-' ? { binary: true } : { additions: Number(additions), deletions: Number(deletions) });
    }
  }
  return { sides, counts };
}

async function diffRoot(options: { store: string; root: string; from?: RootSnapshot; to?: RootSnapshot; signal?: AbortSignal }): Promise<PathChange[]> {
  const fromTree = checkObjectId(options.from?.tree ?? EMPTY_TREE);
  const toTree = checkObjectId(options.to?.tree ?? EMPTY_TREE);
  for (const file of [...(options.from?.large ?? []), ...(options.to?.large ?? [])]) checkObjectId(file.oid);
  const { sides, counts } =
    fromTree === toTree
      ? { sides: new Map(), counts: new Map() }
      : parseTreeDiff(
          await runCheckpointGit({
            store: options.store,
            args: ['diff-tree', '-r', '-z', '--raw', '--numstat', '--no-renames', '--no-ext-diff', '--no-textconv', fromTree, toTree],
            signal: options.signal,
          }),
        );
  for (const file of options.from?.large ?? []) sides.set(file.path, { ...sides.get(file.path), from: { mode: file.mode, oid: file.oid, large: true } });
  for (const file of options.to?.large ?? []) sides.set(file.path, { ...sides.get(file.path), to: { mode: file.mode, oid: file.oid, large: true } });
  const changes: PathChange[] = [];
  for (const [name, side] of sides) {
    // codev's state is never recorded now; a tree that holds it (planted, or older) does not get to restore it.
    if (sameSide(side.from, side.to) || isCodevStatePath(name)) continue;
    const change: PathChange = { root: options.root, path: name, from: side.from, to: side.to };
    const isLink = side.from?.mode === LINK_MODE || side.to?.mode === LINK_MODE;
    const count = counts.get(name);
    if (side.from?.large || side.to?.large) change.binary = undefined;
    else if (count?.binary) change.binary = true;
    else if (count && !isLink) Object.assign(change, { additions: count.additions, deletions: count.deletions });
    changes.push(change);
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Every path that differs from `from` to `to`, root by root (a root in one snapshot only: all its files). */
export async function diffSnapshots(options: { store: string; from: Snapshot; to: Snapshot; signal?: AbortSignal }): Promise<PathChange[]> {
  const roots = [...new Set([...options.from.roots.map((entry) => entry.root), ...options.to.roots.map((entry) => entry.root)])];
  const perRoot = await Promise.all(
    roots.map((root) =>
      diffRoot({
        store: options.store,
        root,
        from: options.from.roots.find((entry) => entry.root === root),
        to: options.to.roots.find((entry) => entry.root === root),
        signal: options.signal,
      }),
    ),
  );
  return perRoot.flat();
}
