import type { InstructionsLoader } from '../../instructions/create-instructions-loader.ts';
import { withInstructions } from '../../instructions/format-instructions.ts';
import { readScopeOf } from '../../permissions/read-decision-for-file.ts';
import type { AgentEvent } from '../types.ts';
import type { TurnState } from './types.ts';

/**
 * The system prompt of this turn: the agent's own, then its instruction files, read again when one changed
 * (a stat per file: at each query's first turn, then at most every 250 ms). Runs before the turn is counted. A read's skipped and refused files are
 * `warning` events, once per read.
 */
export async function* prepareSystemPrompt(state: TurnState, loader: InstructionsLoader): AsyncGenerator<AgentEvent, void, void> {
  // The files go through the session's Read decision, as the Read tool's reads do.
  const { instructions, changed } = await loader.load({ fresh: state.turns === 0, readScope: readScopeOf(state.context) });
  if (changed) for (const warning of instructions.warnings) yield { type: 'warning', code: warning.code, message: warning.message, path: warning.path };
  if (state.instructions === instructions) return;
  state.instructions = instructions;
  state.system = withInstructions(state.agent.system, instructions.files);
}
