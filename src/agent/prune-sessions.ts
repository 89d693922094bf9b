import { pruneStore } from '../transcripts/prune-store.ts';
import type { PruneSessionsResult, SessionRetention } from '../transcripts/types.ts';
import { projectSessionStore, type SessionSource } from './project-session-store.ts';
import { forgetSessionCheckpoints, prunedSessionIds } from './rewind/forget-session-checkpoints.ts';

/** Options of `pruneSessions`: which sessions (`olderThan`, `keep`; at least one), where, and whether to only look. */
export interface PruneSessionsOptions extends SessionSource, SessionRetention {
  /** Only say what would be removed; nothing is touched. */
  dryRun?: boolean;
  /** At most this many sessions removed (the oldest first). */
  limit?: number;
}

/**
 * Removes a project's old sessions (or those of `sessionStore`): the ones last written longer ago than
 * `olderThan` (`'30d'`, `'12h'`, `'8w'`, or ms), except the `keep` most recent. A subagent's session goes with
 * its parent's, a session's tool results and file checkpoints with it; a session an agent has open is kept (`busy`). What
 * `codev sessions prune` does, and what the config's `sessions.retention` does by itself.
 *
 * @example
 * const { removed, bytes } = await pruneSessions({ olderThan: '30d', keep: 100 });
 */
export async function pruneSessions(options: PruneSessionsOptions): Promise<PruneSessionsResult> {
  const { sessionStore, cwd, ...rest } = options;
  const result = await pruneStore({ store: await projectSessionStore({ sessionStore, cwd }), ...rest });
  await forgetSessionCheckpoints({ sessionIds: prunedSessionIds(result), ...(cwd && { cwd }) });
  return result;
}
