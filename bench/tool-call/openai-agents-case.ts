import {
  Agent,
  defineToolInputGuardrail,
  defineToolOutputGuardrail,
  run,
  setTracingDisabled,
  tool,
  ToolGuardrailFunctionOutputFactory,
  Usage,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents-core';
import { assistantMessage, functionCall } from '@openai/agents-core/testing';
import type { BenchCase } from '../harness/types.ts';
import { ADD_TOOL } from './add-tool.ts';
import { CALLS_PER_ROUND } from './codev-cases.ts';
import { marginalCallCost } from './marginal-call-cost.ts';

/**
 * A scripted `Model`: a request whose input ends in a function call result gets the final text, any other
 * gets `calls` Add function calls. Responses are built once. (The SDK's own `ScriptedModel` deep-snapshots
 * every request, which would bill the test double's cost to the SDK.)
 */
function scriptedModel(calls: number): Model {
  const toolTurn = Array.from({ length: calls }, (_, index) => functionCall(ADD_TOOL.name, { a: index, b: 2 }, { callId: `call_${index}` }));
  const finalTurn = [assistantMessage('done')];
  return {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const last = Array.isArray(request.input) ? request.input.at(-1) : undefined;
      return { usage: new Usage(), output: last?.type === 'function_call_result' ? finalTurn : toolTurn };
    },
    getStreamedResponse() {
      throw new Error('the benchmark does not stream');
    },
  };
}

/**
 * The OpenAI Agents SDK's tool execution, measured through `run()`: a turn with 1 + `batch` function calls
 * against a turn with 1, each followed by a final-output turn (the default `run_llm_again`), so the
 * difference is `batch` calls' JSON parse, zod validation, `execute`, the function_call_result item and its
 * place in the next request. Tracing is disabled, like codev's OpenTelemetry span without an SDK registered.
 *
 * `withEquivalents` gives the SDK its nearest counterparts of codev's rules and hooks: a `needsApproval`
 * function that answers false, one tool input guardrail and one tool output guardrail that allow.
 */
export function openAiAgentsCase(options: { batch: number; withEquivalents: boolean }): BenchCase {
  return {
    id: options.withEquivalents ? 'openai-agents-equivalents' : 'openai-agents',
    label: `OpenAI Agents SDK${options.withEquivalents ? ' + needsApproval fn + 2 guardrails' : ''} (marginal, ${options.batch} calls/turn)`,
    async setup({ quick }) {
      setTracingDisabled(true);
      const allow = async () => ToolGuardrailFunctionOutputFactory.allow();
      const equivalents = options.withEquivalents
        ? {
            needsApproval: async () => false,
            inputGuardrails: [defineToolInputGuardrail({ name: 'before', run: allow })],
            outputGuardrails: [defineToolOutputGuardrail({ name: 'after', run: allow })],
          }
        : {};
      const add = tool({ name: ADD_TOOL.name, description: ADD_TOOL.description, parameters: ADD_TOOL.inputSchema, execute: ADD_TOOL.execute, ...equivalents });
      const agent = (calls: number) => new Agent({ name: 'bench', instructions: 'Add the numbers.', tools: [add], model: scriptedModel(calls) });
      const oneCall = agent(1);
      const manyCalls = agent(1 + options.batch);
      const check = await run(manyCalls, 'Add the numbers.');
      const outputs = check.newItems.filter((item) => item.type === 'tool_call_output_item');
      if (check.finalOutput !== 'done' || outputs.length !== 1 + options.batch) throw new Error('OpenAI Agents SDK sanity check failed');
      // A pair of runs costs milliseconds here, so a quarter as many extra calls per round as the other cases.
      const pairs = Math.round((quick ? CALLS_PER_ROUND.quick : CALLS_PER_ROUND.full) / options.batch / 4);
      return {
        ops: pairs * options.batch,
        round: () =>
          marginalCallCost({
            pairs,
            extra: options.batch,
            runOneCall: async () => void (await run(oneCall, 'Add the numbers.')),
            runManyCalls: async () => void (await run(manyCalls, 'Add the numbers.')),
          }),
      };
    },
  };
}
