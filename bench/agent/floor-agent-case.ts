import { ADD_TOOL, addInputs } from '../tool-call/add-tool.ts';
import type { ConversationCase } from './types.ts';

/**
 * The floor of a conversation: n validated direct calls, one after another. Each "turn" takes the next
 * scripted input (and ticks the clock, like every scripted model), parses it with the schema, awaits the
 * function and appends the assistant block and the tool_result to a transcript, which is all an agent loop
 * must do besides talking to the model.
 */
export const floorAgentCase: ConversationCase = {
  id: 'floor',
  label: 'floor: schema.parse + execute + transcript push',
  runs: { full: { warmup: 10, measured: 51 }, quick: { warmup: 10, measured: 11 } },
  async setup({ calls, clock }) {
    const blocks = addInputs(calls).map((input, index) => ({ type: 'tool_use' as const, id: `toolu_${index}`, name: ADD_TOOL.name, input }));
    return {
      async run() {
        const messages: unknown[] = [{ role: 'user', content: 'Add the numbers.' }];
        for (let index = clock.tick(); index < calls; index = clock.tick()) {
          const block = blocks[index]!;
          const output = await ADD_TOOL.execute(ADD_TOOL.inputSchema.parse(block.input));
          messages.push({ role: 'assistant', content: [block] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: block.id, content: String(output) }] });
        }
        if (messages.length !== 1 + 2 * calls) throw new Error('floor sanity check failed');
      },
    };
  },
};
