import { messagesUpTo } from './messages-up-to.ts';
import { rewriteMovedPaths, type MovedPath } from './rewrite-moved-paths.ts';
import type { LoadedTranscript, SessionMetadata, SessionStore } from './types.ts';

/**
 * `SessionStore.fork` for a store that copies: a new session `to`, opened with its metadata and given the
 * messages of `from` up to and including `at` (all when omitted), in one append; `from` is only read.
 * With `moves`, the copy has the moved folders' paths rewritten and the model told (see `rewriteMovedPaths`).
 */
export async function forkByCopy(options: { store: Pick<SessionStore, 'read' | 'open'>; from: string; to: SessionMetadata; at?: string; moves?: readonly MovedPath[] }): Promise<LoadedTranscript> {
  const { store, from, to, at } = options;
  const kept = messagesUpTo({ sessionId: from, messages: (await store.read(from)).messages, at });
  const messages = options.moves ? rewriteMovedPaths(kept, options.moves) : kept;
  const writer = await store.open({ id: to.id, metadata: to });
  try {
    await writer.append(messages);
  } finally {
    await writer.close();
  }
  return { metadata: to, messages, problems: [] };
}
