import { rm } from 'node:fs/promises';

/** Why a session's files are being disposed of: its session ended here, or its process is gone. */
export type SessionEnd = 'closed' | 'abandoned';

/**
 * The retention policy of session folders, in one place: what happens to a session's files when its
 * session ends (`closed`) or when a later process finds it left by a dead one (`abandoned`). Today
 * nothing is kept: tool outputs are scratch space (a persisted Bash output can hold a GiB) and nothing
 * reads them after the session. A session that can be resumed would keep its transcript here.
 */
export async function disposeSessionFiles(options: { sessionDirectory: string; reason: SessionEnd }): Promise<void> {
  await rm(options.sessionDirectory, { recursive: true, force: true, maxRetries: 2 });
}
