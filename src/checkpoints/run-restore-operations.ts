import { rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { forEachLimited } from './for-each-limited.ts';
import { pinParentFolder } from './pin-parent-folder.ts';
import { readBlobs, storedBlobs } from './read-blobs.ts';
import { diskMatches, readDiskSideAt } from './read-disk-side.ts';
import type { RestoreOperation } from './restore-journal.ts';
import { resolveTreePath } from './resolve-tree-path.ts';
import { temporaryNameFor, writeRestoredFile } from './write-restored-file.ts';

/** What became of each operation. */
export interface OperationsOutcome {
  done: RestoreOperation[];
  /** Found neither as the plan saw it nor as the target says (someone changed it meanwhile): left alone. */
  changedMeanwhile: RestoreOperation[];
  /** The file system refused (a folder without write permission, a full disk): left as they were. */
  failed: { operation: RestoreOperation; error: unknown }[];
}

/** Files hashed or written at once: enough to hide the thread pool's latency, few enough for open files. */
const PARALLEL = 16;
/** Contents read from the store at once, at most: a large restore is written in batches of this many bytes. */
const BATCH_BYTES = 64 * 1024 * 1024;

/** `operations` in batches whose contents add up to at most {@link BATCH_BYTES} (a larger file alone). */
function batchesOf(operations: readonly RestoreOperation[], sizes: ReadonlyMap<string, number>): RestoreOperation[][] {
  const batches: RestoreOperation[][] = [];
  let batch: RestoreOperation[] = [];
  let bytes = 0;
  for (const operation of operations) {
    const size = sizes.get(operation.to!.oid) ?? 0;
    if (batch.length > 0 && bytes + size > BATCH_BYTES) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(operation);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

function depth(name: string): number {
  return name.split('/').length;
}

/**
 * Runs `work` on the file `name` names under `root` inside its folder held open (see {@link pinParentFolder}):
 * `file` is its path through that folder, so a link swapped in above it meanwhile cannot take the work
 * outside the root. `file` is undefined when a folder on the way is missing (and not `create`d) or not a folder.
 */
async function inPinnedFolder<T>(root: string, name: string, create: boolean, work: (file: string | undefined) => Promise<T>): Promise<T> {
  resolveTreePath(root, name);
  const folder = await pinParentFolder(root, name, { create });
  if (folder === undefined) return work(undefined);
  try {
    return await work(path.join(folder.path, name.split('/').at(-1)!));
  } finally {
    await folder.close();
  }
}

/** The folders above an operation's path, each as a root and a path under it. */
function parentsOf(operation: RestoreOperation): { root: string; path: string }[] {
  const parts = operation.path.split('/').slice(0, -1);
  return parts.map((_, index) => ({ root: operation.root, path: parts.slice(0, index + 1).join('/') }));
}

/**
 * Carries out a restore's operations, or finishes them after a kill (`recovering`: an operation already as the
 * target says is skipped, a temporary file left behind removed). An operation is done only while its file is
 * as the plan saw it, checked just before it is replaced; any other is left alone. In order: deletions and
 * the folders they emptied (deepest first), then files and links (their folders made as each is written).
 */
export async function runRestoreOperations(options: { store: string; operations: readonly RestoreOperation[]; journalId: string; recovering: boolean }): Promise<OperationsOutcome> {
  const outcome: OperationsOutcome = { done: [], changedMeanwhile: [], failed: [] };
  let pending = [...options.operations];
  for (const operation of pending) resolveTreePath(operation.root, operation.path);
  if (options.recovering) {
    const already = new Set<RestoreOperation>();
    await forEachLimited(pending, PARALLEL, async (operation) => {
      const matches = await inPinnedFolder(operation.root, operation.path, false, async (file) => {
        if (file === undefined) return diskMatches(undefined, operation.to);
        await rm(temporaryNameFor(file, options.journalId), { force: true }).catch(() => {});
        return diskMatches(await readDiskSideAt(file), operation.to);
      });
      if (matches) already.add(operation);
    });
    outcome.done.push(...already);
    pending = pending.filter((operation) => !already.has(operation));
  }
  const deletions = pending.filter((operation) => operation.to === undefined);
  await forEachLimited(deletions, PARALLEL, (operation) =>
    refusedAsFailed(operation, outcome, () =>
      inPinnedFolder(operation.root, operation.path, false, async (file) => {
        if (file === undefined || !diskMatches(await readDiskSideAt(file), operation.from)) return void outcome.changedMeanwhile.push(operation);
        await unlink(file);
        outcome.done.push(operation);
      }),
    ),
  );
  // Folders the deletions emptied go now, deepest first: one the target still has is made again below, and one
  // where the target has a file is then out of its way.
  const emptied = [...new Map(deletions.flatMap(parentsOf).map((folder) => [`${folder.root}\0${folder.path}`, folder])).values()].sort((a, b) => depth(b.path) - depth(a.path) || b.path.length - a.path.length);
  for (const folder of emptied) await inPinnedFolder(folder.root, folder.path, false, async (file) => { if (file !== undefined) await rmdir(file); }).catch(() => {});
  // Each file's folders are made (or found in the way) as it is written, inside its pinned folder.
  const writable = pending.filter((entry) => entry.to !== undefined);
  const sizes = await storedBlobs({ store: options.store, oids: writable.map((operation) => operation.to!.oid) });
  for (const batch of batchesOf(writable, sizes)) {
    const blobs = await readBlobs({ store: options.store, oids: batch.map((operation) => operation.to!.oid) });
    await forEachLimited(batch, PARALLEL, (operation) => refusedAsFailed(operation, outcome, () => writeOne(operation, blobs.get(operation.to!.oid), options.journalId, outcome)));
  }
  return outcome;
}

/**
 * Runs one operation's file work; a refusal of the file system is recorded and the restore goes on: thrown,
 * it would leave a journal that every later `recover` would fail on the same way.
 */
async function refusedAsFailed(operation: RestoreOperation, outcome: OperationsOutcome, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    outcome.failed.push({ operation, error });
  }
}

/** Writes one file or link, if it is still as the plan saw it. */
async function writeOne(operation: RestoreOperation, content: Buffer | undefined, journalId: string, outcome: OperationsOutcome): Promise<void> {
  await inPinnedFolder(operation.root, operation.path, true, async (file) => {
    const disk = file === undefined ? 'other' : await readDiskSideAt(file);
    if (file === undefined || !diskMatches(disk, operation.from) || content === undefined) return void outcome.changedMeanwhile.push(operation);
    // A folder where the file goes: the plan removed what it had; anything left (ignored files) keeps it there.
    if (disk === 'directory' && !(await rmdir(file).then(() => true, () => false))) return void outcome.changedMeanwhile.push(operation);
    await writeRestoredFile({ file, side: operation.to!, content, journalId });
    outcome.done.push(operation);
  });
}
