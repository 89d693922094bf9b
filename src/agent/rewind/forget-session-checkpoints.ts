import { existsSync } from 'node:fs';
import { findProjectRoot } from '../../config/find-project-root.ts';
import type { PruneSessionsResult } from '../../transcripts/types.ts';
import { checkpointsDirectory, openProjectCheckpoints } from './open-project-checkpoints.ts';

/**
 * The checkpoints of removed sessions let go, and the space no session keeps any more freed: what a
 * session's removal (`codev sessions rm`, pruning, retention) does to the project's checkpoint store. The
 * project is the one around `cwd` (its root: package.json or .git), or `projectRoot`. Nothing happens in a
 * project without checkpoints.
 */
export async function forgetSessionCheckpoints(options: { sessionIds: readonly string[]; projectRoot?: string; cwd?: string }): Promise<void> {
  if (options.sessionIds.length === 0) return;
  const cwd = options.cwd ?? process.cwd();
  const projectRoot = options.projectRoot ?? (await findProjectRoot(cwd)) ?? cwd;
  if (!existsSync(checkpointsDirectory(projectRoot))) return;
  const store = await openProjectCheckpoints({ projectRoot });
  for (const sessionId of options.sessionIds) await store.forget({ sessionId });
  await store.prune();
}

/** The sessions a pruning removed, its subagents' too (none in a dry run). */
export function prunedSessionIds(result: PruneSessionsResult): string[] {
  return result.dryRun ? [] : result.removed.flatMap((session) => [session.id, ...session.subagents]);
}
