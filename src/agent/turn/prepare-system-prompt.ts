import type { InstructionsLoader } from '../../instructions/create-instructions-loader.ts';
import { withInstructions } from '../../instructions/format-instructions.ts';
import type { AgentEvent } from '../types.ts';
import type { TurnState } from './types.ts';

/**
 * The system prompt of this turn: the agent's own, then its instruction files, read again when one changed
 * (a stat per file: at each query's first turn, then at most every 250 ms). Runs before the turn is counted. A read's skipped files are
 * `warning` events, once per read.
 */
export async function* prepareSystemPrompt(state: TurnState, loader: InstructionsLoader): AsyncGenerator<AgentEvent, void, void> {
  const { instructions, changed } = await loader.load({ fresh: state.turns === 0 });
  if (changed) for (const warning of instructions.warnings) yield { type: 'warning', code: warning.code, message: warning.message, path: warning.path };
  if (state.instructions === instructions) return;
  state.instructions = instructions;
  state.system = withInstructions(state.agent.system, instructions.files);
}
