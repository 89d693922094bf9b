import { lstat, mkdir, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { forEachLimited } from './for-each-limited.ts';
import { readBlobs, storedBlobs } from './read-blobs.ts';
import { type DiskSide, diskMatches, readDiskSide } from './read-disk-side.ts';
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
 * Creates the folders above `name` under `root`, one component at a time (each checked to be a real folder, not
 * a link); false when something else is in the way. `made` remembers the folders already checked in this run.
 */
async function makeParents(root: string, name: string, made: Set<string>): Promise<boolean> {
  let folder = root;
  for (const part of name.split('/').slice(0, -1)) {
    folder = path.join(folder, part);
    if (made.has(folder)) continue;
    const stat = await lstat(folder).catch(() => undefined);
    if (stat === undefined) await mkdir(folder).catch((error: NodeJS.ErrnoException) => { if (error.code !== 'EEXIST') throw error; });
    if (!(await lstat(folder)).isDirectory()) return false;
    made.add(folder);
  }
  return true;
}

async function readSide(operation: RestoreOperation): Promise<DiskSide> {
  return readDiskSide(operation.root, operation.path).catch(() => 'other' as const);
}

function parentsOf(operation: RestoreOperation): string[] {
  const parts = operation.path.split('/').slice(0, -1);
  return parts.map((_, index) => path.join(operation.root, ...parts.slice(0, index + 1)));
}

/**
 * Carries out a restore's operations, or finishes them after a kill (`recovering`: an operation already as the
 * target says is skipped, a temporary file left behind removed). An operation is done only while its file is
 * as the plan saw it, checked just before it is replaced; any other is left alone. In order: deletions and
 * the folders they emptied (deepest first), folders, then files and links.
 */
export async function runRestoreOperations(options: { store: string; operations: readonly RestoreOperation[]; journalId: string; recovering: boolean }): Promise<OperationsOutcome> {
  const outcome: OperationsOutcome = { done: [], changedMeanwhile: [], failed: [] };
  let pending = [...options.operations];
  for (const operation of pending) resolveTreePath(operation.root, operation.path);
  if (options.recovering) {
    const already = new Set<RestoreOperation>();
    await forEachLimited(pending, PARALLEL, async (operation) => {
      await rm(temporaryNameFor(resolveTreePath(operation.root, operation.path), options.journalId), { force: true }).catch(() => {});
      if (diskMatches(await readSide(operation), operation.to)) already.add(operation);
    });
    outcome.done.push(...already);
    pending = pending.filter((operation) => !already.has(operation));
  }
  const deletions = pending.filter((operation) => operation.to === undefined);
  await forEachLimited(deletions, PARALLEL, (operation) =>
    refusedAsFailed(operation, outcome, async () => {
      if (!diskMatches(await readSide(operation), operation.from)) return void outcome.changedMeanwhile.push(operation);
      await unlink(resolveTreePath(operation.root, operation.path));
      outcome.done.push(operation);
    }),
  );
  // Folders the deletions emptied go now, deepest first: one the target still has is made again below, and one
  // where the target has a file is then out of its way.
  const emptied = [...new Set(deletions.flatMap(parentsOf))].sort((a, b) => depth(b) - depth(a) || b.length - a.length);
  for (const folder of emptied) await rmdir(folder).catch(() => {});
  const made = new Set<string>();
  const writable: RestoreOperation[] = [];
  for (const operation of pending.filter((entry) => entry.to !== undefined)) {
    await refusedAsFailed(operation, outcome, async () => {
      if (await makeParents(operation.root, operation.path, made)) writable.push(operation);
      else outcome.changedMeanwhile.push(operation);
    });
  }
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
  const disk = await readSide(operation);
  if (!diskMatches(disk, operation.from) || content === undefined) return void outcome.changedMeanwhile.push(operation);
  const file = resolveTreePath(operation.root, operation.path);
  // A folder where the file goes: the plan removed what it had; anything left (ignored files) keeps it there.
  if (disk === 'directory' && !(await rmdir(file).then(() => true, () => false))) return void outcome.changedMeanwhile.push(operation);
  await writeRestoredFile({ file, side: operation.to!, content, journalId });
  outcome.done.push(operation);
}
