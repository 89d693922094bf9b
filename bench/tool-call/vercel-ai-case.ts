import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { BenchCase } from '../harness/types.ts';
import { ADD_TOOL } from './add-tool.ts';
import { CALLS_PER_ROUND } from './codev-cases.ts';
import { marginalCallCost } from './marginal-call-cost.ts';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const USAGE: GenerateResult['usage'] = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/**
 * A mock model that answers a fresh prompt with `calls` Add tool calls and a prompt ending in tool results
 * with a final text. The responses are built once: the model costs nothing per call.
 */
function scriptedModel(calls: number): MockLanguageModelV3 {
  const toolTurn: GenerateResult = {
    content: Array.from({ length: calls }, (_, index) => ({ type: 'tool-call' as const, toolCallId: `call_${index}`, toolName: ADD_TOOL.name, input: JSON.stringify({ a: index, b: 2 }) })),
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage: USAGE,
    warnings: [],
  };
  const finalTurn: GenerateResult = { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage: USAGE, warnings: [] };
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: async (options) => {
      model.doGenerateCalls.length = 0; // the mock records every call; keep it from growing for the whole run
      return options.prompt.at(-1)?.role === 'tool' ? finalTurn : toolTurn;
    },
  });
  return model;
}

/**
 * The Vercel AI SDK's own tool execution, measured through `generateText` (its per-call internals,
 * `parseToolCall` and `executeToolCall`, are not exported): a turn with 1 + `batch` calls against a turn with
 * 1 call, then a final text (`stopWhen: stepCountIs(2)`), so the difference is `batch` calls' JSON parse, zod
 * validation, `execute`, the tool-result part and its conversion into the next prompt. Telemetry is off
 * (the default), like codev's OpenTelemetry span without an SDK registered.
 *
 * `withEquivalents` gives the SDK its nearest counterparts of codev's rules and hooks: a `needsApproval`
 * function that answers false, and no-op `experimental_onToolCallStart` / `experimental_onToolCallFinish`.
 */
export function vercelAiCase(options: { batch: number; withEquivalents: boolean }): BenchCase {
  return {
    id: options.withEquivalents ? 'vercel-ai-equivalents' : 'vercel-ai',
    label: `Vercel AI SDK${options.withEquivalents ? ' + needsApproval fn + 2 callbacks' : ''} (marginal, ${options.batch} calls/turn)`,
    async setup({ quick }) {
      const approval = options.withEquivalents ? { needsApproval: () => false } : {};
      const callbacks = options.withEquivalents ? { experimental_onToolCallStart: () => undefined, experimental_onToolCallFinish: () => undefined } : {};
      const tools = { [ADD_TOOL.name]: tool({ description: ADD_TOOL.description, inputSchema: ADD_TOOL.inputSchema, execute: ADD_TOOL.execute, ...approval }) };
      const oneCall = scriptedModel(1);
      const manyCalls = scriptedModel(1 + options.batch);
      const run = (model: MockLanguageModelV3) => generateText({ model, prompt: 'Add the numbers.', tools, stopWhen: stepCountIs(2), ...callbacks });
      const check = await run(manyCalls);
      const results = check.steps[0]?.toolResults ?? [];
      if (check.text !== 'done' || results.length !== 1 + options.batch || results[1]?.output !== 3) throw new Error('Vercel AI SDK sanity check failed');
      const pairs = Math.round((quick ? CALLS_PER_ROUND.quick : CALLS_PER_ROUND.full) / options.batch);
      return {
        ops: pairs * options.batch,
        round: () =>
          marginalCallCost({
            pairs,
            extra: options.batch,
            runOneCall: async () => void (await run(oneCall)),
            runManyCalls: async () => void (await run(manyCalls)),
          }),
      };
    },
  };
}
