import { lstat, mkdir, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type DiskSide, diskMatches, readDiskSide } from './read-disk-side.ts';
import type { RestoreOperation } from './restore-journal.ts';
import { resolveTreePath } from './resolve-tree-path.ts';
import { temporaryNameFor, writeRestoredFile } from './write-restored-file.ts';

/** What became of each operation. */
export interface OperationsOutcome {
  done: RestoreOperation[];
  /** Found neither as the plan saw it nor as the target says (someone changed it meanwhile): left alone. */
  changedMeanwhile: RestoreOperation[];
}

function depth(name: string): number {
  return name.split('/').length;
}

/** Creates the folders above `file` under `root`, one component at a time; false when something not a folder is in the way. */
async function makeParents(root: string, name: string): Promise<boolean> {
  let folder = root;
  for (const part of name.split('/').slice(0, -1)) {
    folder = path.join(folder, part);
    const stat = await lstat(folder).catch(() => undefined);
    if (stat === undefined) await mkdir(folder).catch((error: NodeJS.ErrnoException) => { if (error.code !== 'EEXIST') throw error; });
    else if (!stat.isDirectory()) return false;
  }
  return (await lstat(folder)).isDirectory();
}

async function matchesNow(operation: RestoreOperation, side: RestoreOperation['from']): Promise<{ matches: boolean; disk: DiskSide }> {
  const disk = await readDiskSide(operation.root, operation.path).catch(() => 'other' as const);
  return { matches: diskMatches(disk, side), disk };
}

/**
 * Carries out a restore's operations, or finishes them after a kill (`recover`): an operation already as the
 * target says is skipped, one still as the plan saw it is done, any other is left alone. In order: deletions
 * (deepest first) and the folders they emptied, folders, then files and links (each checked against the plan
 * just before it is replaced).
 */
export async function runRestoreOperations(options: { operations: readonly RestoreOperation[]; blobs: ReadonlyMap<string, Buffer>; journalId: string }): Promise<OperationsOutcome> {
  const outcome: OperationsOutcome = { done: [], changedMeanwhile: [] };
  const pending: RestoreOperation[] = [];
  for (const operation of options.operations) {
    const file = resolveTreePath(operation.root, operation.path);
    await rm(temporaryNameFor(file, options.journalId), { force: true }).catch(() => {});
    if ((await matchesNow(operation, operation.to)).matches) outcome.done.push(operation);
    else pending.push(operation);
  }
  const deletions = pending.filter((operation) => operation.to === undefined).sort((a, b) => depth(b.path) - depth(a.path));
  for (const operation of deletions) {
    if (!(await matchesNow(operation, operation.from)).matches) {
      outcome.changedMeanwhile.push(operation);
      continue;
    }
    await unlink(resolveTreePath(operation.root, operation.path));
    outcome.done.push(operation);
  }
  // Folders the deletions emptied go now, deepest first: one the target still has is made again below, and one
  // where the target has a file is then out of its way.
  const emptied = [...new Set(deletions.flatMap((operation) => parentsOf(operation)))].sort((a, b) => b.length - a.length);
  for (const folder of emptied) await rmdir(folder).catch(() => {});
  const writes = pending.filter((operation) => operation.to !== undefined);
  const writable: RestoreOperation[] = [];
  for (const operation of writes) {
    if (await makeParents(operation.root, operation.path)) writable.push(operation);
    else outcome.changedMeanwhile.push(operation);
  }
  for (const operation of writable) {
    const { matches, disk } = await matchesNow(operation, operation.from);
    const content = options.blobs.get(operation.to!.oid);
    if (!matches || content === undefined) {
      outcome.changedMeanwhile.push(operation);
      continue;
    }
    const file = resolveTreePath(operation.root, operation.path);
    // A folder where the file goes: the plan removed what it had; anything left (ignored files) keeps it there.
    if (disk === 'directory' && !(await rmdir(file).then(() => true, () => false))) {
      outcome.changedMeanwhile.push(operation);
      continue;
    }
    await writeRestoredFile({ file, side: operation.to!, content, journalId: options.journalId });
    outcome.done.push(operation);
  }
  return outcome;
}

function parentsOf(operation: RestoreOperation): string[] {
  const parts = operation.path.split('/').slice(0, -1);
  return parts.map((_, index) => path.join(operation.root, ...parts.slice(0, index + 1)));
}
