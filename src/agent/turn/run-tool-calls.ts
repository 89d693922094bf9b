import { loadGrammarForBashCalls } from '../../execution/load-grammar-for-bash-calls.ts';
import { runToolUses } from '../../execution/run-tool-uses.ts';
import type { PendingToolUse } from '../../transcripts/types.ts';
import { toolCallRecord } from './tool-call-record.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 5: each of the reply's tool calls announced, then run through the tool-call pipeline (parallel
 * where safe); their progress and results as events, the results kept for the next user message, and
 * whether the signal had aborted by the time the last one ended. When `canUseTool` deferred some asks, the
 * query ends here (`deferred`): those calls and the others' results are saved for `agent.resume()`.
 */
export const runToolCalls: TurnStage = async function* runToolCalls(state) {
  const { turn, agent } = state;
  if (turn.toolUses.length === 0) return;
  // Listeners of `tool-call` (the CLI's [read]/[search] tag) ask Bash whether a command only reads: answered once the analysis is loaded.
  await loadGrammarForBashCalls(turn.toolUses);
  for (const toolUse of turn.toolUses) yield { type: 'tool-call', toolUseId: toolUse.id, toolName: toolUse.name, input: toolUse.input };
  const updates = runToolUses({ toolUses: turn.toolUses, assistantMessage: turn.reply, canUseTool: agent.canUseTool, context: state.context, maxConcurrency: agent.maxToolConcurrency });
  const deferred: PendingToolUse[] = [];
  for await (const update of updates) {
    if (update.type === 'progress') {
      yield { type: 'tool-progress', toolUseId: update.toolUseId, toolName: update.toolName, progress: update.progress };
      continue;
    }
    const waiting = agent.deferredCalls.get(update.toolUseId);
    if (waiting !== undefined) {
      agent.deferredCalls.delete(update.toolUseId);
      const toolUse = turn.toolUses.find((candidate) => candidate.id === update.toolUseId)!;
      deferred.push({ id: toolUse.id, name: toolUse.name, input: toolUse.input as Record<string, unknown>, message: waiting });
      yield { type: 'tool-deferred', toolUseId: toolUse.id, toolName: toolUse.name, input: toolUse.input, message: waiting };
      continue;
    }
    turn.results.push(update.block);
    if (agent.transcript.keepsRecords) agent.transcript.record(toolCallRecord(update));
    turn.stopRequested ||= Boolean(update.preventContinuation || update.interrupt);
    yield { type: 'tool-result', toolUseId: update.toolUseId, toolName: update.toolName, isError: update.isError, status: update.status, block: update.block, decision: update.decision, output: update.output, errorCode: update.errorCode, durationMs: update.durationMs };
  }
  turn.interrupted = state.signal.aborted;
  if (deferred.length === 0 || turn.interrupted) return;
  // The other calls ran; their results wait with the deferred ones, which run (or not) on resume.
  await agent.transcript.defer({ toolUses: deferred, results: turn.results });
  return { type: 'end', reason: 'deferred' };
};
