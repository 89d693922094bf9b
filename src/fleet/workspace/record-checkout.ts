import { existsSync } from 'node:fs';
import { initCheckpointStore } from '../../checkpoints/init-checkpoint-store.ts';
import { recordRoot } from '../../checkpoints/record-root.ts';
import { recordingMemory } from './recording-memories.ts';
import { prepareRecordingStore, RECORDING_SESSION, recordingStorePath } from './recording-store.ts';

/**
 * Records every file of the checkout (tracked, new, deleted; ignored ones, nested repositories and `.git`
 * left out; no size cap: a job resumed on another worker needs every file) as the checkpoint store records a
 * root (`recordRoot`), through the index of the checkout's recording store (see `prepareRecordingStore`):
 * the agent's own index and config are neither read nor written (its `.gitattributes` line endings apply, as to a commit of its own). Returns the tree, in the
 * checkout's objects. `CHECKPOINT_FAILED` with git's words when git cannot.
 */
export async function recordCheckout(options: { checkout: string; signal?: AbortSignal }): Promise<string> {
  const store = recordingStorePath(options.checkout);
  if (!existsSync(store)) await prepareRecordingStore({ checkout: options.checkout });
  // Its config and attributes put back as codev's, whatever was planted there since.
  await initCheckpointStore(store, { conversions: 'repository' });
  const recorded = await recordRoot({ store, sessionId: RECORDING_SESSION, root: options.checkout, maxFileBytes: Infinity, maxFiles: Number.MAX_SAFE_INTEGER, memory: recordingMemory(options.checkout), ...(options.signal && { signal: options.signal }) });
  return recorded.tree;
}
