import { newTurn } from './create-turn-state.ts';
import { prepareRequestTools } from './prepare-request-tools.ts';
import { prepareSystemPrompt } from './prepare-system-prompt.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 2: a new turn, counted; from the second turn on, its context is the latest (a kernel's hot reload
 * reaches a running query between turns), and the tools to send are made from it; the system prompt with
 * the instruction files as they are now (an edited CODEV.md reaches a running query between turns too).
 */
export const prepareTurn: TurnStage = async function* prepareTurn(state) {
  state.turns++;
  state.turn = newTurn();
  if (state.turns > 1) state.context = state.agent.nextContext(state.context);
  await prepareRequestTools(state);
  if (state.agent.instructions) yield* prepareSystemPrompt(state, state.agent.instructions);
  yield { type: 'turn-start', turn: state.turns };
};
