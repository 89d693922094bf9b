/**
 * File checkpoints: the state of an agent's working directories, recorded in a shadow git object store that
 * is not the user's repository, and restored from it. Types only: the contract between the store
 * (`openCheckpointStore`), the agent loop, `codev rewind` and the fleet.
 */

/** A file over the size cap: recorded by its hash and size only, so a rewind restores it only if that content is still there. */
export interface LargeFile {
  /** Relative to its root, `/`-separated. */
  path: string;
  size: number;
  /** Its git blob id (the content's hash, as `git hash-object` gives it). */
  oid: string;
  /** `100644` or `100755`. */
  mode: string;
}

/** One working directory as it was recorded. */
export interface RootSnapshot {
  /** The working directory, absolute. */
  root: string;
  /**
   * Its real path when recorded (links above and at it resolved): a restore refuses a root that resolves
   * elsewhere now (replaced by a link to another folder). Absent in snapshots recorded before it existed.
   */
  realRoot?: string;
  /** The git tree of its files, in the checkpoint store: ignored files and files over the size cap left out. */
  tree: string;
  /** The files over the size cap, by hash and size. */
  large: LargeFile[];
}

/** The working directories of an agent at one moment. */
export interface Snapshot {
  roots: RootSnapshot[];
}

/** How one file differs between two snapshots. */
export interface FileChange {
  /** The working directory it is in, absolute. */
  root: string;
  /** Relative to `root`, `/`-separated. */
  path: string;
  /** `type-changed`: a file became a link or the reverse; `mode-changed`: only its executable bit changed. */
  status: 'added' | 'modified' | 'deleted' | 'type-changed' | 'mode-changed';
  /** Lines added and deleted; absent for binary and large files and links. */
  additions?: number;
  deletions?: number;
  binary?: boolean;
  /** Over the size cap on either side: its content is not in the store. */
  large?: boolean;
}

/** A file a restore would change that differs from what the agent left: someone else changed it since. */
export interface RestoreConflict {
  root: string;
  path: string;
  /** `changed-since`: it is not what the agent left (`reference`); `large-not-kept`: its content was never stored and is gone. */
  reason: 'changed-since' | 'large-not-kept';
}

/** What a restore of `target` would do to the files as they are now. */
export interface RestorePlan {
  target: Snapshot;
  /** The files as they were when the plan was made (recorded then, so the restore itself can be undone). */
  current: Snapshot;
  /** What the restore changes, as seen from now (`added`: the restore creates it, `deleted`: removes it). */
  changes: FileChange[];
  /** Changes to files that someone else changed since `reference`, or whose content is gone. */
  conflicts: RestoreConflict[];
}

/** What a restore did. */
export interface RestoreResult {
  /** The changes made. */
  restored: FileChange[];
  /**
   * Changes left undone: conflicts kept by choice, large files whose content is gone, and files found changed
   * again while the restore ran or that the file system refused to write (each left as it was).
   */
  kept: FileChange[];
  /** The files as they were before the restore (restore it to undo the restore). */
  before: Snapshot;
}

/**
 * What to do with a conflict: `fail` (the default: nothing is changed, `REWIND_CONFLICT` lists them),
 * `overwrite` them all, `keep` them all (the rest is restored), or a choice per `root/path`... per file,
 * keyed by the path relative to its root (`src/a.ts`), or absolute when there are several roots.
 */
export type ConflictChoice = 'fail' | 'overwrite' | 'keep' | Readonly<Record<string, 'overwrite' | 'keep'>>;

/** Options of `openCheckpointStore`. */
export interface CheckpointStoreOptions {
  /** The store's folder (a project's `.codev/checkpoints/`); made private (0700) when missing. */
  directory: string;
  /** Files larger than this are recorded by hash and size only. Default 5 MiB; `Infinity` stores every file. */
  maxFileBytes?: number;
  /** Most files one root may have (ignored ones aside) for a recording: past it, `CHECKPOINT_FAILED`. Default 100,000. */
  maxFiles?: number;
}

/**
 * A project's checkpoint store: a bare git repository of its own (never the user's: no index, branch, stash,
 * hook or config of theirs is read or written), content-addressed, so a file unchanged since the last
 * recording costs a stat and nothing is stored twice. One recorder per session at a time (its writer).
 */
export interface CheckpointStore {
  readonly directory: string;
  /**
   * Records the files of `roots` as they are now for `sessionId` (`.gitignore`d files, `.git` and nested
   * repositories left out) and keeps the trees until the session is forgotten. Costs a scan of the roots'
   * stat data when nothing changed, and hashes only files that changed. `CHECKPOINT_FAILED` with git's words when
   * it cannot (git missing, a root over `maxFiles`, disk full).
   */
  record(options: { sessionId: string; roots: readonly string[]; signal?: AbortSignal }): Promise<Snapshot>;
  /** What changed from `from` to `to`, file by file, with line counts. */
  diff(options: { from: Snapshot; to: Snapshot }): Promise<FileChange[]>;
  /** A unified diff of the same, for a preview (`codev rewind --dry-run`). */
  patch(options: { from: Snapshot; to: Snapshot; maxBytes?: number }): Promise<string>;
  /**
   * Plans putting the roots back as `target` recorded them: records the present state, then lists the changes
   * and the conflicts (files that differ from `reference`, what the agent left, and would be changed).
   */
  planRestore(options: { sessionId: string; target: Snapshot; reference?: Snapshot; signal?: AbortSignal }): Promise<RestorePlan>;
  /**
   * Carries out a plan: `REWIND_CONFLICT` (with the conflicts in `details`) when a conflict has no choice and
   * `conflicts` is `fail`; `REWIND_CONFLICT` too when a file changed after the plan was made. Each file is
   * replaced whole (written beside it, then renamed over it), never written through a link, never outside its
   * root; a journal in the store lets `recover` finish a restore cut short (a `kill -9`), so the files end
   * as they were or as the target says.
   */
  applyRestore(options: { sessionId: string; plan: RestorePlan; conflicts?: ConflictChoice; signal?: AbortSignal }): Promise<RestoreResult>;
  /**
   * Finishes a restore of this session that was cut short, if there is one. Returns true when one was finished.
   * The journal is checked like any file an agent could have written: `CHECKPOINT_FAILED` when it is not one codev
   * wrote; one naming a folder outside the store's project is finished only when `roots` names it (a plan and a
   * restore pass their roots), and otherwise left (false).
   */
  recover(options: { sessionId: string; roots?: readonly string[] }): Promise<boolean>;
  /**
   * Whether the store still holds each snapshot's files (all its trees), in order: a store removed or emptied
   * since (`git clean -fdx`, a person tidying up) holds none of the snapshots recorded before. One git process.
   */
  stored(options: { snapshots: readonly Snapshot[] }): Promise<boolean[]>;
  /** Keeps `snapshots`'s trees for `sessionId` too (a fork of a session). */
  keep(options: { sessionId: string; snapshots: readonly Snapshot[] }): Promise<void>;
  /** Lets go of a session's trees (its session was removed); `prune` then frees what no session keeps. */
  forget(options: { sessionId: string }): Promise<void>;
  /** Frees the space of trees no session keeps any more (older than an hour, so a recording in flight is safe). */
  prune(): Promise<{ bytesBefore: number; bytesAfter: number }>;
}
