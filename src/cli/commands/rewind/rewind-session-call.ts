import type { Agent } from '../../../agent/create-agent.ts';
import type { CheckpointInfo, RewindOptions, RewindResult } from '../../../agent/rewind/types.ts';

/**
 * The calls `codev rewind` and `codev run --rewind-to` make to the rewind API (src/agent/rewind/), in one
 * place: the CLI knows it only through these three functions and the types of src/agent/rewind/types.ts.
 */

/** Where a session is: its full id, and the folder its project is found from. */
export interface SessionPlace {
  sessionId: string;
  cwd: string;
}

/** The session's checkpoints, the oldest first (an interrupted restore of the session is finished first). */
export async function listSessionCheckpoints(place: SessionPlace): Promise<CheckpointInfo[]> {
  const api = await rewindApi();
  return api.listCheckpoints({ ...place });
}

/** A rewind of a saved session, as `agent.rewind` does it on an agent that resumed it. */
export async function rewindSavedSession(options: SessionPlace & RewindOptions): Promise<RewindResult & { patch?: string }> {
  const api = await rewindApi();
  return api.rewindSession({ ...options });
}

/** `agent.rewind`: the agent goes on in the session the result names. */
export function rewindAgent(agent: Agent, options: RewindOptions): Promise<RewindResult> {
  return (agent as Agent & { rewind(options: RewindOptions): Promise<RewindResult> }).rewind(options);
}

interface RewindApi {
  listCheckpoints(options: SessionPlace): Promise<CheckpointInfo[]>;
  rewindSession(options: SessionPlace & RewindOptions): Promise<RewindResult & { patch?: string }>;
}

async function rewindApi(): Promise<RewindApi> {
  return (await import('../../../index.ts')) as unknown as RewindApi;
}
