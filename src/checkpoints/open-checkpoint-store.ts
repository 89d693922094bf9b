import { existsSync } from 'node:fs';
import path from 'node:path';
import { applyRestore } from './apply-restore.ts';
import { checkRootsInPlace } from './check-roots-in-place.ts';
import { asCheckpointError } from './checkpoint-failed.ts';
import { diffSnapshots } from './diff-snapshots.ts';
import { forgetSession } from './forget-session.ts';
import { initCheckpointStore, writeStoreSettings } from './init-checkpoint-store.ts';
import { EMPTY_TREE, keepTrees, storedTrees } from './keep-trees.ts';
import { patchSnapshots } from './patch-snapshots.ts';
import { toFileChange } from './path-change.ts';
import { planRestore } from './plan-restore.ts';
import { pruneStore } from './prune-store.ts';
import { recordRoot, type RecordingMemory } from './record-root.ts';
import { recoverRestore } from './recover-restore.ts';
import { replaceLinkedFolders } from './replace-linked-folders.ts';
import { checkSessionId, indexFile, sessionRefsFolder } from './store-layout.ts';
import type { CheckpointStore, CheckpointStoreOptions, Snapshot } from './types.ts';

const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_FILES = 100_000;
/** Each session's work in progress, by store and session: shared by every opening of a store in this process. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Opens (creating it when missing) a project's checkpoint store. The store is made ready on first use; one
 * session's recordings and restores run one at a time in this process (the session's index has one writer).
 */
export function openCheckpointStore(options: CheckpointStoreOptions): CheckpointStore {
  const store = path.resolve(options.directory);
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const memory: RecordingMemory = { largeFiles: new Map(), lastTrees: new Map() };
  let ready: Promise<void> | undefined;

  const whenReady = async (): Promise<void> => {
    // A store removed while it is open (`git clean -fdx`, a user tidying up) is made again, not failed on every turn.
    if (ready !== undefined && !existsSync(path.join(store, 'HEAD'))) ready = undefined;
    if (ready === undefined) {
      ready = initCheckpointStore(store).catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      return ready;
    }
    await ready;
    await writeStoreSettings(store);
  };
  /** Runs `work` once the store is ready; whatever fails is `CHECKPOINT_FAILED` (see {@link asCheckpointError}). */
  const whenReadyThen = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      await whenReady();
      return await work();
    } catch (error) {
      // An abort is the caller's own doing, not a failure of the store.
      throw error instanceof Error && error.name === 'AbortError' ? error : asCheckpointError(error);
    }
  };
  /** Runs `work` after the session's earlier work, once the store is ready. */
  const inSession = async <T>(sessionId: string, work: () => Promise<T>): Promise<T> => {
    checkSessionId(sessionId);
    const queue = `${store}\0${sessionId}`;
    const previous = queues.get(queue) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() =>
      whenReadyThen(async () => {
        // The session's own folders too: a link planted there would take its refs and indexes outside the store.
        await replaceLinkedFolders([sessionRefsFolder(store, sessionId), path.dirname(indexFile({ store, sessionId, root: store, maxFileBytes: 0 }))], { create: false });
        return work();
      }),
    );
    queues.set(queue, next);
    void next.finally(() => { if (queues.get(queue) === next) queues.delete(queue); }).catch(() => {});
    return next;
  };
  const record = async (sessionId: string, roots: readonly string[], signal?: AbortSignal): Promise<Snapshot> => {
    const snapshot: Snapshot = { roots: [] };
    for (const root of roots) {
      snapshot.roots.push(await recordRoot({ store, sessionId, root: path.resolve(root), maxFileBytes, maxFiles, memory, signal }));
    }
    await keepTrees({ store, sessionId, trees: snapshot.roots.map((entry) => entry.tree), justWritten: true });
    return snapshot;
  };

  return {
    directory: store,
    record: ({ sessionId, roots, signal }) => inSession(sessionId, () => record(sessionId, roots, signal)),
    diff: ({ from, to }) => whenReadyThen(async () => (await diffSnapshots({ store, from, to })).map(toFileChange)),
    patch: ({ from, to, maxBytes }) => whenReadyThen(() => patchSnapshots({ store, from, to, maxBytes })),
    planRestore: ({ sessionId, target, reference, signal }) =>
      inSession(sessionId, async () => {
        await recoverRestore({ store, sessionId, roots: target.roots.map((entry) => entry.root) });
        await checkRootsInPlace([target]);
        const current = await record(sessionId, target.roots.map((entry) => entry.root), signal);
        return planRestore({ store, current, target, reference, signal });
      }),
    applyRestore: ({ sessionId, plan, conflicts, signal }) =>
      inSession(sessionId, async () => {
        await recoverRestore({ store, sessionId, roots: plan.target.roots.map((entry) => entry.root) });
        return applyRestore({ store, sessionId, plan, conflicts, signal });
      }),
    recover: ({ sessionId, roots }) => inSession(sessionId, () => recoverRestore({ store, sessionId, ...(roots && { roots }) })),
    stored: ({ snapshots }) =>
      whenReadyThen(async () => {
        // The empty tree is git's own: a snapshot of empty folders is always there.
        const trees = [...new Set(snapshots.flatMap((snapshot) => snapshot.roots.map((entry) => entry.tree)))].filter((tree) => tree !== EMPTY_TREE);
        const present = await storedTrees(store, trees);
        return snapshots.map((snapshot) => snapshot.roots.every((entry) => entry.tree === EMPTY_TREE || present.has(entry.tree)));
      }),
    keep: ({ sessionId, snapshots }) => inSession(sessionId, () => keepTrees({ store, sessionId, trees: snapshots.flatMap((snapshot) => snapshot.roots.map((entry) => entry.tree)) })),
    forget: ({ sessionId }) => inSession(sessionId, () => forgetSession({ store, sessionId })),
    prune: () => whenReadyThen(() => pruneStore(store)),
  };
}
