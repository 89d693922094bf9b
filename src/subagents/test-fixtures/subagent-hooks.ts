/** Shared fixtures of the subagent hook tests: a main agent that starts one subagent over a fake model. Not shipped. */
import type { AgentEvent } from '../../agent/types.ts';
import type { ToolHook } from '../../hooks/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { RecordedRequest } from '../../testing/fake-messages-server/types.ts';
import { echoTool, runMain } from '../../tools/Agent/test-fixtures/agent.ts';
import { agentTool } from '../../tools/Agent/index.ts';

/** The subagent's task; its conversation is the one whose first message starts with it. */
export const SUB_PROMPT = 'find the answer';
const MAIN_PROMPT = 'delegate the search';

/** What one run gave: the main agent's events, the subagent's model requests, the warnings and the Agent call's output. */
export interface SubagentRun {
  events: AgentEvent[];
  subRequests: RecordedRequest[];
  warnings: string[];
  /** The Agent call's output (`AgentCompletedOutput` when it succeeded). */
  output: { agentId?: string; content?: { text: string }[]; endReason?: string; notes?: string[] } | undefined;
  /** The text of the Agent result the main agent read. */
  report: string;
}

/**
 * Runs a main agent whose first turn starts one subagent of `agentType` with {@link SUB_PROMPT}; the
 * subagent's nth request gets `subReplies[n]` (whatever its first message, so a SubagentStart context does
 * not change the routing). The context has `hooks` and `cwd`; its `onWarning` collects `warnings`.
 */
export async function runOneSubagent(options: { hooks: readonly ToolHook[]; subReplies: FakeReply[]; agentType?: string; cwd?: string }): Promise<SubagentRun> {
  const subRequests: RecordedRequest[] = [];
  const server = await createFakeMessagesServer({
    apiKey: 'test-key',
    script: (request) => {
      const messages = request.body.messages ?? [];
      const turn = messages.filter((message) => message.role === 'assistant').length;
      if (messages[0]?.content === MAIN_PROMPT) {
        return turn === 0 ? toolUseReply('Agent', { description: 'Search', prompt: SUB_PROMPT, subagent_type: options.agentType ?? 'Explore' }) : textReply('done');
      }
      subRequests.push(request);
      return options.subReplies[turn] ?? textReply(`(no reply scripted for turn ${turn})`);
    },
  });
  try {
    const warnings: string[] = [];
    const context = () => Object.assign(createTestContext({ tools: [agentTool, echoTool], hooks: options.hooks, cwd: options.cwd }), { onWarning: (message: string) => void warnings.push(message) });
    const events = await runMain({ server, prompt: MAIN_PROMPT, context });
    const result = events.find((event) => event.type === 'tool-result' && event.toolName === 'Agent');
    const block = result?.type === 'tool-result' ? result.block : undefined;
    const content = block?.content;
    const report = typeof content === 'string' ? content : (content ?? []).map((part) => ('text' in part ? part.text : '')).join('\n');
    return { events, subRequests, warnings, output: result?.type === 'tool-result' ? (result.output as SubagentRun['output']) : undefined, report };
  } finally {
    await server.close();
  }
}

/** The text of a request's first user message (the subagent's prompt as the model read it). */
export function firstMessageText(request: RecordedRequest): string {
  const content = request.body.messages?.[0]?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}
