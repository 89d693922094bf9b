import type { Span } from '@opentelemetry/api';
import { z } from 'zod';
import type { AgentProgress } from '../../progress/types.ts';
import { getSessionState } from '../../session/get-session-state.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import type { Tool, ToolContext } from '../../tool/types.ts';
import { agentIdOf } from '../../tool/agent-id-of.ts';
import { formatAgentResult } from '../Agent/format-agent-result.ts';
import { reportAgentProgress } from '../Agent/report-agent-progress.ts';
import type { SubagentRecord } from '../../session/subagent-record.ts';
import type { AgentCompletedOutput } from '../../tool/agent-run.ts';
import { SEND_MESSAGE_DESCRIPTION, SEND_MESSAGE_PROMPT } from './prompt.ts';

const inputSchema = z.strictObject({
  to: z.string().trim().min(1).describe('The id or name of a subagent you started'),
  message: z.string().trim().min(1).describe('The follow-up message: what the subagent should do next'),
});

/** The input of a SendMessage call. */
export type SendMessageInput = z.output<typeof inputSchema>;

/** A message handed to a subagent that is still running: it reads it after its current step. */
export interface SendMessageQueuedOutput {
  status: 'queued';
  agentId: string;
  message: string;
}

/** What SendMessage returns: the subagent's new report, or that the message waits for it. */
export type SendMessageOutput = AgentCompletedOutput | SendMessageQueuedOutput;

/**
 * SendMessage: goes on with the conversation of a subagent this agent started (its id or `name`): the
 * message is its next user message, it runs to the end of its turn with its own pool, rules and worktree,
 * and its new report comes back like an Agent result, with AgentProgress on the way. A subagent that is
 * running (in the background) gets the message queued: it reads it with its next tool results, or in one
 * more turn, and its final report (TaskOutput) answers it. One that is just ending is `AGENT_BUSY`; one
 * whose worktree was removed is `AGENT_NOT_FOUND`; one started by another agent is not found at all.
 */
export function createSendMessageTool(): Tool<SendMessageInput, SendMessageOutput, AgentProgress> {
  return buildBuiltinTool<typeof inputSchema, SendMessageOutput, AgentProgress>({
    name: 'SendMessage',
    searchHint: 'follow up continue resume subagent message',
    inputSchema,
    description: SEND_MESSAGE_DESCRIPTION,
    prompt: () => SEND_MESSAGE_PROMPT,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    interruptBehavior: () => 'cancel',
    getPermissionTargets: (input) => [{ kind: 'name', value: input.to }],
    toAutoClassifierInput: (input) => `${input.to}: ${input.message}`,
    getActivityDescription: (input) => `Messaging agent ${input.to ?? ''}`.trim(),
    renderToolUseMessage: (input) => `${input.to ?? ''}: ${(input.message ?? '').split('\n')[0]!.slice(0, 80)}`,
    validateInput(input, context) {
      if (findSubagent(context, input.to)) return { result: true };
      const known = ownSubagents(context).map((record) => record.agentId);
      const listing = known.length > 0 ? `Agents you started: ${known.join(', ')}.` : 'You have not started any agent in this session; use the Agent tool.';
      return { result: false, message: `No agent "${input.to}" of yours in this session. ${listing}`, errorCode: 1 };
    },
    async call(input, context) {
      const record = findSubagent(context, input.to)!;
      if (record.send(input.message)) return { data: { status: 'queued', agentId: record.agentId, message: input.message } };
      return { data: await record.resume({ prompt: input.message, signal: context.signal, onActivity: reportAgentProgress(context, record), parentSpan: context.toolSpan }) };
    },
    mapToolResultToToolResultBlockParam: (output, toolUseId) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: output.status === 'queued'
        ? `Agent ${output.agentId} is still running; it will read your message after its current step, and its final report (TaskOutput({"task_id":"${output.agentId}"})) will answer it.`
        : formatAgentResult(output),
    }),
    renderToolResultMessage: (output) => (output.status === 'queued' ? `Queued for ${output.agentId}` : (output.content[0]?.text.split('\n')[0] ?? '')),
  });
}

/** The SendMessage tool. */
export const sendMessageTool = createSendMessageTool();

function ownSubagents(context: ToolContext): SubagentRecord[] {
  const owner = agentIdOf(context);
  return [...getSessionState(context).subagents.values()].filter((record) => record.owner === owner);
}

function findSubagent(context: ToolContext, to: string): SubagentRecord | undefined {
  return ownSubagents(context).find((record) => record.agentId === to);
}
