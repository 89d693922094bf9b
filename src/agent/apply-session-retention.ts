import { errorMessage } from '../errors/codev-error.ts';
import { pruneStore } from '../transcripts/prune-store.ts';
import type { SessionRetention, SessionStore } from '../transcripts/types.ts';
import { forgetSessionCheckpoints, prunedSessionIds } from './rewind/forget-session-checkpoints.ts';

/** At most this many sessions removed by one automatic pruning; the rest goes on the next process's turn. */
const AUTOMATIC_LIMIT = 100;

/** The sessions folders pruned by this process already. */
const pruned = new Set<string>();

/**
 * The config's `sessions.retention` applied to a project's sessions folder, at most once per process and
 * folder, in the background: the returned promise never rejects (a failure is one warning) and removes
 * at most `AUTOMATIC_LIMIT` sessions, so the agent that started it can wait for it when it closes.
 * Undefined when there is nothing to do.
 */
export function applySessionRetention(options: { directory: string; store: SessionStore; retention: SessionRetention | undefined; projectRoot?: string; onWarning?: (message: string) => void }): Promise<void> | undefined {
  const { directory, store, retention, onWarning } = options;
  if (!retention || pruned.has(directory)) return undefined;
  pruned.add(directory);
  return pruneStore({ store, ...retention, limit: AUTOMATIC_LIMIT }).then(
    async (result) => {
      const [first] = result.failed;
      if (first) onWarning?.(`sessions.retention could not remove ${result.failed.length} session(s) in ${directory}: ${first.id}: ${first.message}`);
      // The removed sessions' checkpoints go with them.
      if (options.projectRoot) await forgetSessionCheckpoints({ sessionIds: prunedSessionIds(result), projectRoot: options.projectRoot });
    },
    (error: unknown) => onWarning?.(`sessions.retention did not run in ${directory}: ${errorMessage(error)}`),
  );
}
