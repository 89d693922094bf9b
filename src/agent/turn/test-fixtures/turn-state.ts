/** Shared fixtures of the turn stage tests: a query's state over a real test context, a reply as the API sends it. Not shipped. */
import type Anthropic from '@anthropic-ai/sdk';
import type { ToolHook } from '../../../hooks/types.ts';
import { createTestContext } from '../../../testing/create-test-context.ts';
import type { ToolUseBlock } from '../../../tool/types.ts';
import { createModelClient } from '../../../model/create-model-client.ts';
import type { AgentEvent } from '../../types.ts';
import { compactionSettings } from '../../compaction/compaction-settings.ts';
import { createAgentTranscript } from '../../create-agent-transcript.ts';
import { createSpending } from '../../create-spending.ts';
import { createTurnState } from '../create-turn-state.ts';
import type { TurnAgent, TurnOutcome, TurnStage, TurnState } from '../types.ts';

/** A query's state after `recordReply`: the reply and its tool calls in place, as a top-level agent's unless `agent` says otherwise. */
export async function stateAfterReply(options: {
  reply: Anthropic.Message;
  hooks?: readonly ToolHook[];
  signal?: AbortSignal;
  agent?: Partial<TurnAgent>;
}): Promise<TurnState> {
  const signal = options.signal ?? new AbortController().signal;
  const context = createTestContext({ hooks: options.hooks, signal });
  // A client nothing is sent with: these stages make no request.
  const client = await createModelClient({ apiKey: 'test-key', baseURL: 'http://127.0.0.1:9', maxRetries: 0 });
  const agent: TurnAgent = {
    messages: [],
    client,
    name: 'codev',
    model: 'test-model',
    maxTokens: 1024,
    fallbackModels: [],
    requestPolicy: { maxRetries: 0, maxRetryWaitMs: 0, retryBaseDelayMs: 0, streamIdleTimeoutMs: 0 },
    maxTurns: 10,
    canUseTool: () => ({ behavior: 'allow' }),
    waitForBackgroundAgents: false,
    topLevel: true,
    sessionStart: { started: true, pending: [], source: 'startup' },
    transcript: createAgentTranscript({ persistSession: false, hasProject: false }),
    compaction: compactionSettings(),
    contextSize: {},
    deferredCalls: new Map(),
    spending: createSpending(),
    promptCaching: true,
    env: {},
    nextContext: (previous) => previous,
    ...options.agent,
  };
  const state = createTurnState({ agent, prompt: 'go', signal, context });
  state.turns = 1;
  state.turn.reply = options.reply;
  state.turn.toolUses = options.reply.content.filter((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use') as ToolUseBlock[];
  return state;
}

/** A model reply with `content` (text and tool_use blocks), ended for `stopReason`. */
export function reply(content: Anthropic.ContentBlockParam[], stopReason: Anthropic.StopReason = 'end_turn'): Anthropic.Message {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model: 'test-model',
    content: content as Anthropic.ContentBlock[],
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  } as Anthropic.Message;
}

/** Runs one stage to its outcome, with the events it yielded. */
export async function runStage(stage: TurnStage, state: TurnState): Promise<{ events: AgentEvent[]; outcome: TurnOutcome | void }> {
  const events: AgentEvent[] = [];
  const generator = stage(state);
  if (generator === undefined || !('next' in generator)) return { events, outcome: generator };
  for (let next = await generator.next(); ; next = await generator.next()) {
    if (next.done) return { events, outcome: next.value };
    events.push(next.value);
  }
}
