import { copyFile, mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { initCheckpointStore } from '../../checkpoints/init-checkpoint-store.ts';
import { indexFile } from '../../checkpoints/store-layout.ts';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { forgetRecording } from './recording-memories.ts';

/** Beside the checkouts, out of the agent's folder (as the saved git config is). */
const RECORDING_FOLDER = '.codev-record';
/** The one session of a recording store: each attempt's checkout has its own store. */
export const RECORDING_SESSION = 'checkout';

/** The private git dir the checkout at `<folder>/<name>` is recorded through: `<folder>/.codev-record/<name>`. */
export function recordingStorePath(checkout: string): string {
  return path.join(path.dirname(checkout), RECORDING_FOLDER, path.basename(checkout));
}

/** The index the checkout is recorded through, in its recording store. */
export function recordingIndex(checkout: string): string {
  return indexFile({ store: recordingStorePath(checkout), sessionId: RECORDING_SESSION, root: checkout, maxFileBytes: Infinity });
}

/**
 * Makes the checkout's recording store: a checkpoint store (`initCheckpointStore`: its own config, so no
 * config, hook or filter of the checkout or the worker applies; the checkout's `.gitattributes` line-ending
 * rules do, since its commits end on the user's branches, as the agent's own commit would) whose objects are the checkout's own (a link to its `.git/objects`, so a recorded tree is one
 * `commit-tree` in the checkout can use), and whose index starts as `seedIndex` (the fresh checkout's, so the
 * first recording hashes only what changed since; none: every file is hashed once). A store left by an
 * earlier run there is replaced. `WORKSPACE_FAILED` when it cannot be made.
 */
export async function prepareRecordingStore(options: { checkout: string; seedIndex?: string }): Promise<void> {
  const store = recordingStorePath(options.checkout);
  forgetRecording(options.checkout);
  try {
    await rm(store, { recursive: true, force: true });
    await initCheckpointStore(store, { conversions: 'repository' });
    await rm(path.join(store, 'objects'), { recursive: true, force: true });
    await symlink(path.join(options.checkout, '.git', 'objects'), path.join(store, 'objects'));
    if (options.seedIndex === undefined) return;
    await mkdir(path.dirname(recordingIndex(options.checkout)), { recursive: true });
    await copyFile(options.seedIndex, recordingIndex(options.checkout));
  } catch (error) {
    throw new CodevError('WORKSPACE_FAILED', `could not make the recording store of the job workspace ${options.checkout}: ${errorMessage(error)}`, { file: store, cause: error, hint: `check that ${path.dirname(options.checkout)} is writable` });
  }
}
