import { newTurn } from './create-turn-state.ts';
import { holdTurnRequest } from './hold-turn-request.ts';
import { prepareRequestTools } from './prepare-request-tools.ts';
import { prepareSystemPrompt } from './prepare-system-prompt.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 3: a new turn. From the second turn on, its context is the latest (a kernel's hot reload reaches a
 * running query between turns), and the tools to send are made from it; the system prompt with the
 * instruction files as they are now (an edited CODEV.md reaches a running query between turns too). Under
 * a query limit, the request's estimate is then held on the spending tree (`holdTurnRequest`), or the query
 * ends before the turn is counted. Last, the turn is counted and, with checkpoints on, the recording of the
 * files starts (`recordCheckpoint` enters it): `turn-start`.
 */
export const prepareTurn: TurnStage = async function* prepareTurn(state) {
  state.turn = newTurn();
  if (state.turns > 0) state.context = state.agent.nextContext(state.context);
  const making = prepareRequestTools(state);
  if (making) await making;
  if (state.agent.instructions) yield* prepareSystemPrompt(state, state.agent.instructions);
  if (state.agent.spending.root.limits) {
    const ended = yield* holdTurnRequest(state, state.agent.model);
    if (ended) return ended;
  }
  state.turns++;
  // The files before this turn's tool calls are those of now: recorded while the model answers.
  if (!state.checkpointsPaused) state.turn.recording = state.agent.checkpoints?.start(state.context, state.signal);
  yield { type: 'turn-start', turn: state.turns };
};
