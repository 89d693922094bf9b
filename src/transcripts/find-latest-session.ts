import type { SessionStore } from './types.ts';

/**
 * The id of the most recently written top-level session (not a subagent's), for `continue`; undefined when
 * there is none. With `listIds` and `readMetadata` it reads only the first lines of the newest transcripts,
 * up to the first one without a parent (subagents write before their parent's last line, so that is
 * nearly always the first or second); a store without them is listed whole.
 */
export async function findLatestSession(store: SessionStore): Promise<string | undefined> {
  if (!store.listIds || !store.readMetadata) return (await store.list()).find((summary) => summary.parentSessionId === undefined)?.id;
  for (const ref of await store.listIds()) {
    // A file that is not a readable transcript is not a session to go on with.
    const metadata = await store.readMetadata(ref.id).catch(() => undefined);
    if (metadata && metadata.parentSessionId === undefined) return ref.id;
  }
  return undefined;
}
