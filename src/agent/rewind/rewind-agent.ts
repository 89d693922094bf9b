import { CodevError } from '../../errors/codev-error.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import type { SessionStore } from '../../transcripts/types.ts';
import type { AgentTranscript } from '../create-agent-transcript.ts';
import type { AgentCheckpoints } from './agent-checkpoints.ts';
import { listCheckpoints } from './list-checkpoints.ts';
import { rewindSession } from './rewind-session.ts';
import type { CheckpointInfo, RewindOptions, RewindResult } from './types.ts';

/**
 * `agent.rewind`: the agent's session loaded (`load`, which gives the context it made), then let go, rewound as `rewindSession` does (with the context's hooks), and, when the conversation went
 * back, the transcript goes on in the fork (the agent then loads it). `INPUT_INVALID` without a persisted session.
 */
export async function rewindAgent(options: { rewind: RewindOptions; transcript: AgentTranscript; checkpoints?: AgentCheckpoints; load: () => Promise<ToolUseContext>; signal: AbortSignal }): Promise<RewindResult> {
  const { transcript } = options;
  const context = await options.load();
  const session = transcript.persistedSession;
  if (!session) throw new CodevError('INPUT_INVALID', 'The agent has no persisted session to rewind', { hint: 'checkpoints are kept with a persisted session (persistSession)' });
  const projectRoot = context.projectRoot ?? context.cwd;
  const checkpointStore = options.checkpoints && (await options.checkpoints.store(projectRoot));
  // rewindSession holds the session as its writer while the files go back; the next query opens it again.
  if (!options.rewind.dryRun) await transcript.close();
  const result = await rewindSession({
    ...options.rewind,
    sessionId: session.id,
    projectRoot,
    sessionStore: session.store,
    ...(checkpointStore && { checkpointStore }),
    hooks: context.hooks,
    cwd: context.cwd,
    workingDirectories: [context.cwd, ...context.permissionContext.additionalWorkingDirectories],
    permissionMode: context.permissionContext.mode,
    // Loaded, the agent holds its session: its own dry run records as its writer.
    holdsSession: options.rewind.dryRun === true,
    ...(context.onWarning && { onWarning: context.onWarning }),
    signal: options.signal,
  });
  if (result.forkedFrom !== undefined) {
    await transcript.goOnIn(result.sessionId);
    // Loaded now: the agent's messages are the fork's conversation from here on.
    await options.load();
  }
  return result;
}

/**
 * `agent.checkpoints()`: the checkpoints of the agent's session (none before it has one). While a query
 * runs, the last one is listed without comparing it with the files now (that would race the query's own recording).
 */
export async function agentCheckpoints(options: { transcript: AgentTranscript; checkpoints?: AgentCheckpoints; resume?: string; sessionStore?: SessionStore; projectRoot: string; workingDirectories?: readonly string[]; running: boolean }): Promise<CheckpointInfo[]> {
  const { transcript, projectRoot } = options;
  const session = transcript.persistedSession;
  const sessionId = session?.id ?? options.resume;
  if (sessionId === undefined) return [];
  await transcript.flush();
  const checkpointStore = options.checkpoints && (await options.checkpoints.store(projectRoot));
  const sessionStore = session?.store ?? options.sessionStore;
  return listCheckpoints({ sessionId, projectRoot, holdsSession: session !== undefined, ...(sessionStore && { sessionStore }), ...(checkpointStore && { checkpointStore }), ...(options.workingDirectories && { workingDirectories: options.workingDirectories }), now: !options.running });
}
