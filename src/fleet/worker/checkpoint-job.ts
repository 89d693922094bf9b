import { checkJobFence, type JobFence } from '../job/job-fence.ts';
import { writeJobState } from '../job/job-state.ts';
import type { FleetEvent } from '../types.ts';
import { checkpointJobWorkspace } from '../workspace/checkpoint-job-workspace.ts';
import type { JobWorkspace } from '../workspace/types.ts';
import type { JobRunScope } from './job-run-scope.ts';
import type { ObservedSessionStore } from './observe-session-store.ts';

/**
 * Marks a turn as done, between two turns (the agent waits meanwhile): the workspace is committed and pushed
 * to the job's hidden ref for that turn, the turn's messages are flushed to the store, then the job's state names the turn, its last message and that
 * commit. The order matters: a state written last never names a commit or message that is not stored yet,
 * so a job resumed from it always finds both. The push is made only right after the attempt's lock was seen
 * held, the state write only while it is held (the same Lua script): a stale attempt checkpoints nothing.
 * Returns the turn.
 */
export async function checkpointJob(options: {
  scope: JobRunScope;
  fence: JobFence;
  jobId: string;
  turn: number;
  store: ObservedSessionStore;
  workspace: JobWorkspace | undefined;
  sessionId: string | undefined;
  publish: (event: FleetEvent) => Promise<void>;
  /** What the job has spent so far, kept with the checkpoint (one state write per turn). */
  spentUsd?: number | null;
}): Promise<number> {
  const { scope, fence, jobId, turn, workspace } = options;
  const commit = workspace ? await checkpointJobWorkspace({ workspace, turn, beforePush: () => checkJobFence(scope.redis, fence) }) : undefined;
  const messageUuid = options.store.lastMessageUuid();
  await options.store.flush();
  await writeJobState(scope.redis, scope.keys.state(jobId), { turn, ...(messageUuid && { messageUuid }), ...(commit && { commit }), ...(options.sessionId && { sessionId: options.sessionId }), ...(options.spentUsd !== undefined && { spentUsd: options.spentUsd }) }, fence);
  await options.publish({ type: 'job-checkpoint', jobId, turn, ...(messageUuid && { messageUuid }), ...(commit && { commit }) });
  return turn;
}
