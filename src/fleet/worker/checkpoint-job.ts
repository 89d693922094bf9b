import { checkJobFence, type JobFence } from '../job/job-fence.ts';
import type { EventSender } from '../events/create-event-sender.ts';
import type { FleetEvent } from '../types.ts';
import { checkpointJobWorkspace } from '../workspace/checkpoint-job-workspace.ts';
import type { JobWorkspace } from '../workspace/types.ts';
import type { JobRunScope } from './job-run-scope.ts';
import type { ObservedSessionStore } from './observe-session-store.ts';
import { writeCheckpoint } from './write-checkpoint.ts';

/**
 * Marks a turn as done, between two turns (the agent waits meanwhile): the workspace is committed and pushed
 * to the job's hidden ref for that turn, the turn's messages are flushed to the store, then the job's state names the turn, its last message and that
 * commit (with the turn's `job-checkpoint` event, in the same script). The order matters: a state written last never names a commit or message that is not stored yet,
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
  /** The attempt's events: what was sent before the checkpoint is pushed ahead of it. */
  events: EventSender;
  attempt: number;
  /** What the job has spent so far, kept with the checkpoint (one state write per turn). */
  spentUsd?: number | null;
}): Promise<number> {
  const { scope, fence, jobId, turn, workspace } = options;
  const commit = workspace ? await checkpointJobWorkspace({ workspace, turn, beforePush: () => checkJobFence(scope.redis, fence) }) : undefined;
  const messageUuid = options.store.lastMessageUuid();
  await options.store.flush();
  // The turn's events go first; the state and its job-checkpoint event then in one fenced step.
  options.events.push();
  const fields = { turn, ...(messageUuid && { messageUuid }), ...(commit && { commit }), ...(options.sessionId && { sessionId: options.sessionId }), ...(options.spentUsd !== undefined && { spentUsd: options.spentUsd }) };
  const event: FleetEvent = { type: 'job-checkpoint', jobId, turn, ...(messageUuid && { messageUuid }), ...(commit && { commit }), ...(options.sessionId && { sessionId: options.sessionId }) };
  await writeCheckpoint({ redis: scope.redis, stateKey: scope.keys.state(jobId), eventsKey: scope.keys.events(jobId), fields, event, attempt: options.attempt, fence });
  // Already stored (one connection answers in order): this only reports an earlier batch's failure.
  await options.events.flush();
  return turn;
}
