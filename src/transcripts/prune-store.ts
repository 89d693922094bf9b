import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { pruneSelection, type SessionNode } from './prune-selection.ts';
import { parseAge, AGE_FORMAT } from './parse-age.ts';
import type { PruneSessionsResult, SessionRetention, SessionStore } from './types.ts';

/** How many first lines pruning reads at once. */
const READ_CONCURRENCY = 16;

/** Options of `pruneStore`: which sessions, and how. */
export interface PruneStoreOptions extends SessionRetention {
  store: SessionStore;
  /** Only say what would be removed. */
  dryRun?: boolean;
  /** At most this many sessions (with their subagents') removed, the oldest first. */
  limit?: number;
  /** Stops between two sessions. */
  signal?: AbortSignal;
  /** The current time in ms (tests). */
  now?: number;
}

/**
 * Removes the sessions of `store` older than `olderThan` (by when they were last written), except the
 * `keep` most recent; a subagent's session goes with its parent's (a group is as recent as its newest
 * member), and one whose parent is gone counts on its own. Each goes through `store.delete`, so a session
 * an agent holds is kept (`busy`), and its tool results go with it. Unreadable entries are not sessions
 * and are never touched. `INPUT_INVALID` when neither rule is given or one is not valid.
 */
export async function pruneStore(options: PruneStoreOptions): Promise<PruneSessionsResult> {
  const { store, dryRun = false, signal } = options;
  const olderThanMs = checkedAge(options.olderThan);
  const keep = checkedKeep(options.keep);
  if (olderThanMs === undefined && keep === undefined) throw new CodevError('INPUT_INVALID', 'Pruning sessions needs an age (olderThan) or a count to keep (keep)', { hint: "e.g. { olderThan: '30d' } or { keep: 100 }" });
  const groups = pruneSelection({ sessions: await sessionNodes(store), olderThanMs, keep, now: options.now ?? Date.now() }).slice(0, options.limit);
  const result: PruneSessionsResult = { dryRun, removed: [], busy: [], failed: [], bytes: 0 };
  for (const group of groups) {
    if (signal?.aborted) break;
    const known = group.members.map((member) => member.bytes).filter((bytes) => bytes !== undefined);
    if (dryRun) {
      const bytes = known.reduce((sum, size) => sum + size, 0);
      result.removed.push({ id: group.root.id, writtenAt: new Date(group.writtenAt).toISOString(), subagents: group.members.slice(1).map((member) => member.id), ...(known.length > 0 && { bytes }) });
      result.bytes += bytes;
      continue;
    }
    // The parent first: while an agent holds it, its subagents' sessions (closed with it) stay too.
    const root = await remove(store, group.root.id, result);
    if (root === 'kept') continue;
    let bytes = root;
    const subagents: string[] = [];
    for (const member of group.members.slice(1)) {
      const freed = await remove(store, member.id, result);
      if (freed === 'kept') continue;
      subagents.push(member.id);
      bytes = bytes === undefined || freed === undefined ? bytes ?? freed : bytes + freed;
    }
    result.removed.push({ id: group.root.id, writtenAt: new Date(group.writtenAt).toISOString(), subagents, ...(bytes !== undefined && { bytes }) });
    result.bytes += bytes ?? 0;
  }
  return result;
}

/** Deletes one session: the bytes freed (undefined when the store does not say), or 'kept' (busy, failed; recorded). */
async function remove(store: SessionStore, id: string, result: PruneSessionsResult): Promise<number | undefined | 'kept'> {
  try {
    const deleted = await store.delete(id);
    return deleted ? deleted.bytes : undefined;
  } catch (error) {
    const code = CodevError.isInstance(error) ? error.code : undefined;
    // Removed by someone else meanwhile: what was asked is done.
    if (code === 'SESSION_NOT_FOUND') return undefined;
    if (code === 'SESSION_BUSY') result.busy.push(id);
    else result.failed.push({ id, message: errorMessage(error) });
    return 'kept';
  }
}

/** Every session with when it was last written and its parent: from first lines when the store can, else from its listing. */
async function sessionNodes(store: SessionStore): Promise<SessionNode[]> {
  if (!store.listIds || !store.readMetadata) return (await store.list()).map((summary) => ({ id: summary.id, writtenAt: Date.parse(summary.updatedAt), parent: summary.parentSessionId }));
  const readMetadata = store.readMetadata.bind(store);
  const refs = await store.listIds();
  const nodes: (SessionNode | undefined)[] = new Array(refs.length);
  let position = 0;
  const work = async () => {
    while (position < refs.length) {
      const index = position++;
      const ref = refs[index]!;
      // A first line that cannot be read: not a session, so nothing pruning may remove.
      const metadata = await readMetadata(ref.id).catch(() => undefined);
      if (metadata) nodes[index] = { id: ref.id, writtenAt: Date.parse(ref.writtenAt), parent: metadata.parentSessionId, ...(ref.bytes !== undefined && { bytes: ref.bytes }) };
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, work));
  return nodes.filter((node) => node !== undefined);
}

function checkedAge(olderThan: string | number | undefined): number | undefined {
  if (olderThan === undefined) return undefined;
  const ms = typeof olderThan === 'number' ? olderThan : parseAge(olderThan);
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) throw new CodevError('INPUT_INVALID', `olderThan ${JSON.stringify(olderThan)} is not an age`, { field: 'olderThan', hint: `give ${AGE_FORMAT}, or milliseconds` });
  return ms;
}

function checkedKeep(keep: number | undefined): number | undefined {
  if (keep === undefined) return undefined;
  if (!Number.isSafeInteger(keep) || keep < 0) throw new CodevError('INPUT_INVALID', `keep ${keep} is not a count of sessions`, { field: 'keep', hint: 'give a whole number, 0 or more' });
  return keep;
}
