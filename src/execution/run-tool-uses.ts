import type { CanUseTool } from '../permissions/types.ts';
import { persistLargeResult } from '../results/persist-large-result.ts';
import { resultSize } from '../results/result-size.ts';
import type { ToolUseBlock } from '../tool/types.ts';
import { loadGrammarForBashCalls } from './load-grammar-for-bash-calls.ts';
import { CANCEL_MESSAGE } from './messages.ts';
import { partitionToolUses } from './partition-tool-uses.ts';
import { runToolUse } from './run-tool-use.ts';
import type { ToolResultUpdate, ToolUseContext, ToolUseUpdate } from './types.ts';

/** At most this many concurrency-safe calls run at once, unless told otherwise. */
export const DEFAULT_MAX_TOOL_CONCURRENCY = 10;
/** The characters all results of one message may take inline; past it the largest are persisted. */
export const DEFAULT_RESULT_BUDGET_CHARS = 200_000;

/**
 * Runs all tool calls of one assistant message. Consecutive concurrency-safe calls run in parallel (at most
 * `maxConcurrency` at once), every other call alone, in the model's order. Progress is yielded as it
 * happens; results are yielded in the model's order. When the results of the message together pass
 * `resultBudgetChars`, the largest are persisted to disk first. After a call the user interrupted, the rest
 * are cancelled without running.
 */
export async function* runToolUses(options: {
  toolUses: readonly ToolUseBlock[];
  assistantMessage?: unknown;
  canUseTool: CanUseTool;
  context: ToolUseContext;
  maxConcurrency?: number;
  resultBudgetChars?: number;
}): AsyncGenerator<ToolUseUpdate, void, void> {
  const maxConcurrency = Math.max(1, options.maxConcurrency ?? DEFAULT_MAX_TOOL_CONCURRENCY);
  const budget = { remaining: options.resultBudgetChars ?? DEFAULT_RESULT_BUDGET_CHARS };
  let interrupted = false;
  await loadGrammarForBashCalls(options.toolUses);
  for (const batch of partitionToolUses(options.toolUses, options.context.tools)) {
    if (interrupted) {
      for (const toolUse of batch.toolUses) yield cancelledResult(toolUse);
      continue;
    }
    const results: ToolResultUpdate[] = [];
    const run = (toolUse: ToolUseBlock) => runToolUse(toolUse, options.assistantMessage, options.canUseTool, options.context);
    const updates = batch.concurrent ? mergeConcurrent(batch.toolUses.map(run), maxConcurrency) : run(batch.toolUses[0]!);
    for await (const update of updates) {
      if (update.type === 'progress') yield update;
      else results.push(update);
    }
    const ordered = batch.toolUses.map((toolUse) => results.find((result) => result.toolUseId === toolUse.id)!);
    for (const result of await applyBudget(ordered, budget, options.context)) {
      if (result.interrupt) interrupted = true;
      yield result;
    }
  }
}

/** Drains several generators at once, at most `limit` running, yielding updates as they arrive. */
async function* mergeConcurrent(generators: AsyncGenerator<ToolUseUpdate, void, void>[], limit: number): AsyncGenerator<ToolUseUpdate, void, void> {
  const waiting = [...generators];
  const running = new Map<AsyncGenerator<ToolUseUpdate, void, void>, Promise<{ generator: AsyncGenerator<ToolUseUpdate, void, void>; next: IteratorResult<ToolUseUpdate, void> }>>();
  const pull = (generator: AsyncGenerator<ToolUseUpdate, void, void>) => running.set(generator, generator.next().then((next) => ({ generator, next })));
  while (running.size < limit && waiting.length > 0) pull(waiting.shift()!);
  while (running.size > 0) {
    const { generator, next } = await Promise.race(running.values());
    if (next.done) {
      running.delete(generator);
      if (waiting.length > 0) pull(waiting.shift()!);
      continue;
    }
    pull(generator);
    yield next.value;
  }
}

async function applyBudget(results: ToolResultUpdate[], budget: { remaining: number }, context: Pick<ToolUseContext, 'sessionDirectory' | 'resultsDirectory'>): Promise<ToolResultUpdate[]> {
  const total = results.reduce((sum, result) => sum + resultSize(result.block), 0);
  if (total <= budget.remaining) {
    budget.remaining -= total;
    return results;
  }
  const output = [...results];
  let size = total;
  const largestFirst = output.map((result, index) => ({ index, size: resultSize(result.block) })).filter((entry) => !output[entry.index]!.persistedPath).sort((a, b) => b.size - a.size);
  for (const { index } of largestFirst) {
    if (size <= budget.remaining) break;
    const result = output[index]!;
    const persisted = await persistLargeResult({ block: result.block, threshold: 0, sessionDirectory: context.sessionDirectory, resultsDirectory: context.resultsDirectory });
    if (!persisted.persistedPath) continue;
    size += resultSize(persisted.block) - resultSize(result.block);
    output[index] = { ...result, block: persisted.block, persistedPath: persisted.persistedPath };
  }
  budget.remaining = Math.max(0, budget.remaining - size);
  return output;
}

function cancelledResult(toolUse: ToolUseBlock): ToolResultUpdate {
  return {
    type: 'result',
    toolUseId: toolUse.id,
    toolName: toolUse.name,
    status: 'cancelled',
    isError: true,
    block: { type: 'tool_result', tool_use_id: toolUse.id, content: CANCEL_MESSAGE, is_error: true },
    durationMs: 0,
  };
}
