import type { FileChange } from './types.ts';

/** One side of a path in a snapshot: its git mode (`100644`, `100755`, `120000` for a link) and blob id. */
export interface PathSide {
  mode: string;
  oid: string;
  /** Over the size cap: recorded by hash only, its content may not be in the store. */
  large: boolean;
}

/** How one path differs between two snapshots, both sides known (absent: `undefined`). */
export interface PathChange {
  root: string;
  path: string;
  from?: PathSide;
  to?: PathSide;
  additions?: number;
  deletions?: number;
  binary?: boolean;
}

export const LINK_MODE = '120000';

/** The same side: same kind, same mode, same content. */
export function sameSide(a: PathSide | undefined, b: PathSide | undefined): boolean {
  return a === undefined || b === undefined ? a === b : a.mode === b.mode && a.oid === b.oid;
}

/** The public view of a change. */
export function toFileChange(change: PathChange): FileChange {
  const { from, to } = change;
  const status: FileChange['status'] =
    from === undefined ? 'added'
    : to === undefined ? 'deleted'
    : (from.mode === LINK_MODE) !== (to.mode === LINK_MODE) ? 'type-changed'
    : from.oid === to.oid ? 'mode-changed'
    : 'modified';
  const result: FileChange = { root: change.root, path: change.path, status };
  if (change.additions !== undefined) result.additions = change.additions;
  if (change.deletions !== undefined) result.deletions = change.deletions;
  if (change.binary) result.binary = true;
  if (from?.large || to?.large) result.large = true;
  return result;
}
