import { runToolUse, runToolUses, type ToolResultUpdate, type ToolUseUpdate } from '../../src/index.ts';
import { timeEach } from '../harness/measure-case.ts';
import type { BenchCase } from '../harness/types.ts';
import { addToolUses, codevAddContext, denyPrompt } from './codev-add-context.ts';

/** Calls per round of the per-call cases. */
export const CALLS_PER_ROUND = { full: 5_000, quick: 1_000 } as const;

/**
 * codev's `runToolUse`, one call after another, each generator drained to its result: the whole lifecycle
 * (find, abort check, zod, validateInput, hooks, permission decision, call, result block, hooks, span).
 */
export function codevRunToolUseCase(options: { id: string; label: string; rulesAndHooks: boolean }): BenchCase {
  return {
    id: options.id,
    label: options.label,
    async setup({ quick }) {
      const calls = quick ? CALLS_PER_ROUND.quick : CALLS_PER_ROUND.full;
      const { context, dispose } = codevAddContext({ rulesAndHooks: options.rulesAndHooks });
      const toolUses = addToolUses(calls);
      const runOne = async (index: number) => {
        let last: ToolUseUpdate | undefined;
        for await (const update of runToolUse(toolUses[index]!, undefined, denyPrompt, context)) last = update;
        return last as ToolResultUpdate;
      };
      const check = await runOne(1);
      if (check.status !== 'ok' || check.block.content !== '3') throw new Error(`codev sanity check failed: ${JSON.stringify(check)}`);
      if (options.rulesAndHooks && check.decision?.rule !== 'Add') throw new Error(`expected the allow rule "Add" to decide, got ${JSON.stringify(check.decision)}`);
      return { ops: calls, round: () => timeEach(calls, runOne), teardown: dispose };
    },
  };
}

/** The calls of one assistant message in the batch case, as many as the peers get per turn. */
export function codevRunToolUsesCase(options: { id: string; label: string; batch: number }): BenchCase {
  return {
    id: options.id,
    label: options.label,
    async setup({ quick }) {
      const batches = Math.round((quick ? CALLS_PER_ROUND.quick : CALLS_PER_ROUND.full) / options.batch);
      const { context, dispose } = codevAddContext({ rulesAndHooks: false });
      const messages = Array.from({ length: batches }, (_, index) => addToolUses(options.batch, `toolu_${index}_`));
      const runBatch = async (index: number) => {
        let results = 0;
        for await (const update of runToolUses({ toolUses: messages[index]!, canUseTool: denyPrompt, context })) if (update.type === 'result' && update.status === 'ok') results++;
        return results;
      };
      if ((await runBatch(0)) !== options.batch) throw new Error('codev runToolUses sanity check failed');
      return { ops: batches * options.batch, round: async () => (await timeEach(batches, runBatch)) / options.batch, teardown: dispose };
    },
  };
}
