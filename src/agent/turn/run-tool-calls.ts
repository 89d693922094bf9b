import { runToolUses } from '../../execution/run-tool-uses.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 5: each of the reply's tool calls announced, then run through the tool-call pipeline (parallel
 * where safe); their progress and results as events, the results kept for the next user message, and
 * whether the signal had aborted by the time the last one ended.
 */
export const runToolCalls: TurnStage = async function* runToolCalls(state) {
  const { turn, agent } = state;
  if (turn.toolUses.length === 0) return;
  for (const toolUse of turn.toolUses) yield { type: 'tool-call', toolUseId: toolUse.id, toolName: toolUse.name, input: toolUse.input };
  const updates = runToolUses({ toolUses: turn.toolUses, assistantMessage: turn.reply, canUseTool: agent.canUseTool, context: state.context, maxConcurrency: agent.maxToolConcurrency });
  for await (const update of updates) {
    if (update.type === 'progress') {
      yield { type: 'tool-progress', toolUseId: update.toolUseId, toolName: update.toolName, progress: update.progress };
      continue;
    }
    turn.results.push(update.block);
    turn.stopRequested ||= Boolean(update.preventContinuation || update.interrupt);
    yield { type: 'tool-result', toolUseId: update.toolUseId, toolName: update.toolName, isError: update.isError, status: update.status, block: update.block, decision: update.decision, output: update.output, errorCode: update.errorCode, durationMs: update.durationMs };
  }
  turn.interrupted = state.signal.aborted;
};
