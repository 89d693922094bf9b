import { checkpointsUpTo } from './checkpoint-entries.ts';
import { messagesUpTo } from './messages-up-to.ts';
import { rewriteMovedPaths, type MovedPath } from './rewrite-moved-paths.ts';
import type { LoadedTranscript, MessageEntry, SessionMetadata, SessionStore, TranscriptEntry } from './types.ts';

/**
 * `SessionStore.fork` for a store that copies: a new session `to`, opened with its metadata and given the
 * messages of `from` up to and including `at` (all when omitted), with the file checkpoints of the turns
 * kept, in one append; `from` is only read. With `moves`, the copy has the moved folders' paths rewritten
 * and the model told (see `rewriteMovedPaths`).
 */
export async function forkByCopy(options: { store: Pick<SessionStore, 'read' | 'open'>; from: string; to: SessionMetadata; at?: string; moves?: readonly MovedPath[] }): Promise<LoadedTranscript> {
  const { store, from, to, at } = options;
  const source = await store.read(from);
  const kept = messagesUpTo({ sessionId: from, messages: source.messages, at });
  const messages = options.moves ? rewriteMovedPaths(kept, options.moves) : kept;
  const checkpoints = checkpointsUpTo({ checkpoints: source.checkpoints ?? [], messages: source.messages, kept: kept.length });
  const writer = await store.open({ id: to.id, metadata: to });
  try {
    // Each checkpoint before the messages it follows does not matter to a reader: they are kept apart.
    await writer.append([...checkpoints, ...copiedConversation(source, messages)]);
  } finally {
    await writer.close();
  }
  return { metadata: to, messages, problems: [], ...(checkpoints.length > 0 && { checkpoints }) };
}

/**
 * The messages as the copy's lines: what the source's last compaction wrote (its summary, the messages it kept)
 * stays one `compact` entry, so the copy's readers tell the summary from a prompt (a listing's first prompt, a
 * page's timeline) and its messages keep their ids; the others are message entries.
 */
function copiedConversation(source: LoadedTranscript, messages: readonly MessageEntry[]): TranscriptEntry[] {
  const compacted = source.compacted;
  const leading = Math.min(compacted?.leading ?? 0, messages.length);
  if (!compacted || leading === 0) return [...messages];
  return [{ ...compacted.entry, messages: messages.slice(0, leading).map((entry) => entry.message) }, ...messages.slice(leading)];
}
