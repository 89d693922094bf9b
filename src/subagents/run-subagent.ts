import { createAgent } from '../agent/create-agent.ts';
import type { EndReason, ModelError, Usage } from '../agent/types.ts';
import { ZERO_USAGE } from '../agent/add-usage.ts';
import type { ToolUseContext } from '../execution/types.ts';
import type { CanUseTool } from '../permissions/types.ts';
import type { AgentTypeDefinition, AgentScope } from './types.ts';

/** Something a running subagent did, for progress events and a background task's log. */
export type SubagentActivity =
  | { kind: 'tool'; toolName: string; activity: string; toolUseCount: number }
  | { kind: 'tool-result'; toolName: string; isError: boolean; status: string }
  | { kind: 'text'; text: string };

/** How a subagent run ended. */
export interface SubagentOutcome {
  /** The text of its last turn: its report. */
  text: string;
  endReason: EndReason;
  turns: number;
  toolUseCount: number;
  usage: Usage;
  durationMs: number;
  error?: ModelError;
}

/**
 * Runs one subagent to the end of its turn: a fresh agent loop over the parent's model client, with the
 * type's system prompt, its own pool and permission context (from `context`), and the parent's
 * `canUseTool`, so its permission prompts reach the same user. Never throws for a model failure: the
 * outcome carries it.
 */
export async function runSubagent(options: {
  parent: AgentScope;
  definition: AgentTypeDefinition;
  agentId: string;
  prompt: string;
  model: string;
  cwd: string;
  context: (signal: AbortSignal) => ToolUseContext;
  canUseTool: CanUseTool;
  signal: AbortSignal;
  onActivity?: (activity: SubagentActivity) => void;
}): Promise<SubagentOutcome> {
  const { parent, definition } = options;
  const startedAt = performance.now();
  let tools: ToolUseContext['tools'] = [];
  const agent = createAgent({
    client: parent.client,
    model: options.model,
    system: `${definition.prompt}\n\nWorking directory: ${options.cwd}`,
    maxTurns: definition.maxTurns,
    maxTokens: parent.maxTokens,
    canUseTool: options.canUseTool,
    env: parent.env,
    createToolUseContext: (signal) => {
      const context = options.context(signal);
      tools = context.tools;
      return context;
    },
    subagent: { agentId: options.agentId, agentType: definition.name, parent },
  });
  let lastTexts: string[] = [];
  let toolUseCount = 0;
  let error: ModelError | undefined;
  const outcome: SubagentOutcome = { text: '', endReason: 'end_turn', turns: 0, toolUseCount: 0, usage: ZERO_USAGE, durationMs: 0 };
  for await (const event of agent.query(options.prompt, { signal: options.signal })) {
    switch (event.type) {
      case 'turn-start':
        lastTexts = [];
        break;
      case 'text':
        lastTexts.push(event.text);
        options.onActivity?.({ kind: 'text', text: event.text });
        break;
      case 'tool-call': {
        toolUseCount++;
        const tool = tools.find((candidate) => candidate.name === event.toolName);
        const activity = describeCall(tool, event.input) ?? event.toolName;
        options.onActivity?.({ kind: 'tool', toolName: event.toolName, activity, toolUseCount });
        break;
      }
      case 'tool-result':
        options.onActivity?.({ kind: 'tool-result', toolName: event.toolName, isError: event.isError, status: event.status });
        break;
      case 'error':
        error = event.error;
        break;
      case 'end':
        Object.assign(outcome, { endReason: event.reason, turns: event.turns, usage: event.usage });
        break;
    }
  }
  return { ...outcome, text: lastTexts.join('\n\n').trim(), toolUseCount, error, durationMs: performance.now() - startedAt };
}

function describeCall(tool: ToolUseContext['tools'][number] | undefined, input: unknown): string | undefined {
  if (!tool || typeof input !== 'object' || input === null) return undefined;
  try {
    const label = tool.renderToolUseMessage(input as Record<string, unknown>, { verbose: false, color: false });
    return label ? `${tool.userFacingName(input)}(${label.length > 80 ? `${label.slice(0, 77)}...` : label})` : tool.userFacingName(input);
  } catch {
    return undefined;
  }
}
