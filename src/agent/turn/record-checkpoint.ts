import type { AgentCheckpoints } from '../rewind/agent-checkpoints.ts';
import type { StageRun, TurnStage, TurnState } from './types.ts';

/**
 * After `checkOutput`, before `runToolCalls`: with checkpoints on, the working directories as they were
 * before this turn's tool calls (recorded since the turn's request started, `prepareTurn`), entered in the
 * transcript as turn N of the session, so that `agent.rewind` can put them back. Also for a turn without
 * tool calls: the last checkpoint of a query is then what the agent left. A recording that failed is a
 * `CHECKPOINT_FAILED` warning (once per distinct failure in a query), and the turn goes on; one over `maxFiles`
 * stops the query's recordings (each would list every file again only to fail).
 */
export const recordCheckpoint: TurnStage = function recordCheckpoint(state) {
  const { recording } = state.turn;
  const { checkpoints } = state.agent;
  if (!recording || !checkpoints) return undefined;
  state.turn.recording = undefined;
  return finish(state, checkpoints, recording);
};

async function* finish(state: TurnState, checkpoints: AgentCheckpoints, recording: NonNullable<TurnState['turn']['recording']>): StageRun {
  const failure = await checkpoints.finish(recording);
  // An abort stops the recording: the query ends, which is no failure of the checkpoints.
  if (failure === undefined || state.signal.aborted) return;
  // Over maxFiles every later recording of the query would scan the files again only to fail: the next query tries again.
  if (failure.lasting) state.checkpointsPaused = true;
  if (failure.message === state.checkpointFailure) return;
  state.checkpointFailure = failure.message;
  const after = failure.lasting ? ' (no more are recorded in this query)' : '';
  yield { type: 'warning', code: 'CHECKPOINT_FAILED', message: `The files could not be recorded before turn ${state.turns}'s tool calls (a rewind cannot go back before them)${after}: ${failure.message}` };
}
