import { randomUUID } from 'node:crypto';
import type { CheckpointStore } from '../../checkpoints/types.ts';
import type { LoadedTranscript, RewindEntry, SessionStore } from '../../transcripts/types.ts';
import { codevVersion } from '../../version/codev-version.ts';
import type { ForkPoint } from './fork-point.ts';

/**
 * The conversation of a rewind: a new session with the messages of `from` up to `point` (none when it keeps
 * none), and the checkpoints of the turns it keeps, whose trees the checkpoint store then keeps for it too.
 * The session `from` is only read. Returns the new session's id.
 */
export async function forkBeforeTurn(options: { sessionStore: SessionStore; checkpointStore?: CheckpointStore; from: LoadedTranscript; point: ForkPoint; rewind?: RewindEntry }): Promise<string> {
  const { sessionStore, from, point, rewind } = options;
  const id = randomUUID();
  const metadata = { ...from.metadata, id, forkedFrom: { sessionId: from.metadata.id, ...(point.at && { messageUuid: point.at }) }, codevVersion: codevVersion(), createdAt: new Date().toISOString() };
  let forked: LoadedTranscript | undefined;
  if (point.at === undefined) await (await sessionStore.open({ id, metadata })).close();
  else forked = await sessionStore.fork({ from: from.metadata.id, to: metadata, at: point.at });
  // The fork lacks the checkpoint the files went back to: the rewind line says where they are, so that the
  // fork's next rewind judges conflicts against it rather than against the fork's last checkpoint.
  if (rewind) {
    const writer = await sessionStore.open({ id });
    try {
      await writer.append([rewind]);
    } finally {
      await writer.close();
    }
  }
  // The files the rewind replaced too: an undo in the fork puts them back, even once the original session is pruned.
  const kept = [...(forked?.checkpoints ?? []).map((entry) => ({ roots: entry.roots })), ...(rewind ? [{ roots: rewind.before }] : []), ...(rewind?.after ? [{ roots: rewind.after }] : [])];
  if (options.checkpointStore && kept.length > 0) await options.checkpointStore.keep({ sessionId: id, snapshots: kept });
  return id;
}
