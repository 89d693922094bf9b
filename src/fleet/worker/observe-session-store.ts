import type { SessionStore, SessionWriter, TranscriptEntry } from '../../transcripts/types.ts';

/** A session store that remembers the last message it was given: what a checkpoint names. */
export interface ObservedSessionStore extends SessionStore {
  /** The uuid of the last message written (in a message entry or a compaction's, or copied by a fork), if any. */
  lastMessageUuid(): string | undefined;
  /** Waits until what the open session was given is stored. */
  flush(): Promise<void>;
}

/**
 * Wraps a store so that the worker knows, at a turn boundary, the last message of the turn that just ended:
 * the agent loop appends every message before it starts the next turn, so at `turn-start` the last message
 * appended is the last one of the completed turn.
 */
export function observeSessionStore(store: SessionStore): ObservedSessionStore {
  let last: string | undefined;
  let writing: SessionWriter | undefined;
  const remember = (entries: readonly TranscriptEntry[]) => {
    for (const entry of entries) {
      if (entry.type === 'message') last = entry.uuid;
      // A compaction's messages replace the conversation, each named after the entry (as a loaded transcript names them).
      else if (entry.type === 'compact' && entry.messages.length > 0) last = `${entry.uuid}.${entry.messages.length - 1}`;
    }
  };
  return {
    lastMessageUuid: () => last,
    flush: async () => {
      await writing?.flush?.();
    },
    async open(options) {
      const writer = await store.open(options);
      writing = writer;
      return {
        id: writer.id,
        append(entries) {
          remember(entries);
          return writer.append(entries);
        },
        flush: () => writer.flush?.() ?? Promise.resolve(),
        close: () => writer.close(),
      };
    },
    read: (id) => store.read(id),
    list: () => store.list(),
    async fork(options) {
      const forked = await store.fork(options);
      last = forked.messages.at(-1)?.uuid;
      return forked;
    },
    delete: (id) => store.delete(id),
  };
}
