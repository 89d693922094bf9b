import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ADD_TOOL, addInputs } from '../tool-call/add-tool.ts';
import type { ConversationCase } from './types.ts';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const USAGE: GenerateResult['usage'] = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/**
 * The Vercel AI SDK's agent loop: `generateText` with a `MockLanguageModelV3` whose call i returns one Add
 * tool call (i < n) or the final text, and `stopWhen: stepCountIs(n + 1)`. Responses are built once; the mock's
 * call log is cleared on every call so the double does not grow. Telemetry off (the default).
 */
export const vercelAgentCase: ConversationCase = {
  id: 'vercel-ai',
  label: 'Vercel AI SDK generateText, MockLanguageModelV3',
  // A 1,000-call conversation takes seconds here: one, after a warm-up of 100 calls.
  runs: { full: { warmup: 1, measured: 1 }, quick: { warmup: 0, measured: 1 } },
  warmupCalls: 100,
  async setup({ calls, clock }) {
    const steps: GenerateResult[] = addInputs(calls).map((input, index) => ({
      content: [{ type: 'tool-call', toolCallId: `call_${index}`, toolName: ADD_TOOL.name, input: JSON.stringify(input) }],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage: USAGE,
      warnings: [],
    }));
    steps.push({ content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage: USAGE, warnings: [] });
    const model: MockLanguageModelV3 = new MockLanguageModelV3({
      doGenerate: async () => {
        model.doGenerateCalls.length = 0;
        const step = steps[clock.tick()];
        if (!step) throw new Error('scripted model: no step left');
        return step;
      },
    });
    const tools = { [ADD_TOOL.name]: tool({ description: ADD_TOOL.description, inputSchema: ADD_TOOL.inputSchema, execute: ADD_TOOL.execute }) };
    return {
      async run() {
        const result = await generateText({ model, prompt: 'Add the numbers.', tools, stopWhen: stepCountIs(calls + 1) });
        const toolSteps = result.steps.filter((step) => step.toolResults.length === 1).length;
        if (result.text !== 'done' || result.steps.length !== calls + 1 || toolSteps !== calls || result.steps[calls - 1]?.toolResults[0]?.output !== calls - 1 + 2) {
          throw new Error(`Vercel AI SDK sanity check failed: ${result.steps.length} steps, text ${JSON.stringify(result.text)}`);
        }
      },
    };
  },
};
