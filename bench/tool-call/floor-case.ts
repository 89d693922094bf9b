import { timeEach } from '../harness/measure-case.ts';
import type { BenchCase } from '../harness/types.ts';
import { ADD_TOOL, addInputs } from './add-tool.ts';
import { CALLS_PER_ROUND } from './codev-cases.ts';

/**
 * The floor: what any SDK must do at least. `schema.parse`, the function (awaited, as every SDK awaits a
 * tool), and a result block. No lookup, no permissions, no hooks, no telemetry.
 */
export const floorCase: BenchCase = {
  id: 'floor',
  label: 'floor: zod parse + execute + result block',
  async setup({ quick }) {
    const calls = quick ? CALLS_PER_ROUND.quick : CALLS_PER_ROUND.full;
    const inputs = addInputs(calls);
    const blocks: unknown[] = new Array(calls);
    const runOne = async (index: number) => {
      const input = ADD_TOOL.inputSchema.parse(inputs[index]);
      const output = await ADD_TOOL.execute(input);
      blocks[index] = { type: 'tool_result', tool_use_id: `toolu_${index}`, content: String(output) };
    };
    return { ops: calls, round: () => timeEach(calls, runOne) };
  },
};
