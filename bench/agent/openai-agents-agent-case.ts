import { Agent, run, setTracingDisabled, tool, Usage, type Model, type ModelResponse } from '@openai/agents-core';
import { assistantMessage, functionCall } from '@openai/agents-core/testing';
import { ADD_TOOL, addInputs } from '../tool-call/add-tool.ts';
import type { ConversationCase } from './types.ts';

/**
 * The OpenAI Agents SDK's agent loop: `run(agent, prompt, { maxTurns: n + 1 })` with a hand-written `Model`
 * whose call i returns one Add function call (i < n) or the final text (the SDK's own `ScriptedModel`
 * deep-copies every request, which would bill the double to the SDK). Responses are built once. Tracing off.
 */
export const openAiAgentsAgentCase: ConversationCase = {
  id: 'openai-agents',
  label: 'OpenAI Agents SDK run(), scripted Model',
  // A 1,000-call conversation takes about 20 s here: one, after a warm-up of 100 calls.
  runs: { full: { warmup: 1, measured: 1 }, quick: { warmup: 0, measured: 1 } },
  warmupCalls: 100,
  async setup({ calls, clock }) {
    setTracingDisabled(true);
    const turns: ModelResponse['output'][] = addInputs(calls).map((input, index) => [functionCall(ADD_TOOL.name, input, { callId: `call_${index}` })]);
    turns.push([assistantMessage('done')]);
    const model: Model = {
      async getResponse(): Promise<ModelResponse> {
        const output = turns[clock.tick()];
        if (!output) throw new Error('scripted model: no turn left');
        return { usage: new Usage(), output };
      },
      getStreamedResponse() {
        throw new Error('the benchmark does not stream');
      },
    };
    const add = tool({ name: ADD_TOOL.name, description: ADD_TOOL.description, parameters: ADD_TOOL.inputSchema, execute: ADD_TOOL.execute });
    const agent = new Agent({ name: 'bench', instructions: 'Add the numbers.', tools: [add], model });
    return {
      async run() {
        const result = await run(agent, 'Add the numbers.', { maxTurns: calls + 1 });
        const outputs = result.newItems.filter((item) => item.type === 'tool_call_output_item');
        if (result.finalOutput !== 'done' || outputs.length !== calls) throw new Error(`OpenAI Agents SDK sanity check failed: ${outputs.length} outputs, final ${JSON.stringify(result.finalOutput)}`);
      },
    };
  },
};
