import type { Span } from '@opentelemetry/api';
import { continueAfterStopHooks } from '../agent/continue-after-stop-hooks.ts';
import { createAgent } from '../agent/create-agent.ts';
import type { ModelError } from '../agent/types.ts';
import type { EndReason, SubagentActivity, Usage } from '../tool/agent-run.ts';
import { addUsage, ZERO_USAGE } from '../agent/add-usage.ts';
import type { ToolUseContext } from '../execution/types.ts';
import { runSubagentStartHooks } from '../hooks/run-subagent-start-hooks.ts';
import type { CanUseTool } from '../permissions/types.ts';
import { describeToolCall } from './describe-tool-call.ts';
import type { AgentTypeDefinition, AgentScope } from '../tool/agent-scope.ts';

/** How a subagent run ended. */
export interface SubagentOutcome {
  /** The text of its last turn: its report. */
  text: string;
  endReason: EndReason;
  /** Model turns, over every continuation a SubagentStop hook asked for. */
  turns: number;
  toolUseCount: number;
  usage: Usage;
  durationMs: number;
  error?: ModelError;
  /** The subagent's persisted session (its transcript beside its parent's), when it has one. */
  sessionId?: string;
  /** Hook failures and the SubagentStop cap, each also sent to the context's `onWarning`. */
  notes: string[];
}

/** One subagent conversation, kept so the parent can go on with it (SendMessage). */
export interface SubagentRunner {
  /** Runs the subagent on `prompt` to the end of its turn; the first run starts the conversation. Never throws for a model failure. */
  run(options: { prompt: string; signal: AbortSignal; onActivity?: (activity: SubagentActivity) => void; parentSpan?: Span }): Promise<SubagentOutcome>;
  /**
   * Gives the running subagent a message: it reads it with its next tool results, or, if it is about to
   * end, in one more turn. False when it is not running (or has already decided to end): nothing was queued.
   */
  send(message: string): boolean;
}

/** How a queued message reads to the subagent. */
export function queuedMessageText(message: string): string {
  return `A message from the agent that started you, sent while you worked:\n${message}`;
}

/**
 * Makes one subagent: an agent loop over the parent's model client, with the type's system prompt, its own
 * pool and permission context (from `context`), and the parent's `canUseTool`, so its permission prompts
 * reach the same user. Each `run` goes on with the same conversation. Hooks (from the context):
 * 1. SubagentStart hooks run before the first request; each `additionalContext` is appended to the prompt
 *    as a `<system-reminder>` (in the first user message, as Claude Code does, not in the system prompt).
 * 2. SubagentStop hooks run after each `end_turn`. A block sends its reason as the next user message of
 *    the same conversation and the subagent runs on (`stopHookActive` is then true), at most
 *    `MAX_STOP_HOOK_BLOCKS` times in a row (`continueAfterStopHooks`, shared with the top-level agent's Stop hooks).
 * A hook that throws or times out is reported in `notes` and `onWarning`; the subagent goes on.
 */
export function createSubagentRunner(options: {
  parent: AgentScope;
  definition: AgentTypeDefinition;
  agentId: string;
  model: string;
  cwd: string;
  context: (signal: AbortSignal) => ToolUseContext;
  canUseTool: CanUseTool;
  /** The parent's persisted session: the subagent's transcript goes in the same store, naming it as its parent. */
  persistedSession?: ToolUseContext['persistedSession'];
}): SubagentRunner {
  const { parent, definition } = options;
  let tools: ToolUseContext['tools'] = [];
  let started = false;
  // Messages sent while a run works; `accepting` turns false, in the same tick, once the run has decided to end.
  const queue: string[] = [];
  let accepting = false;
  const agent = createAgent({
    client: parent.client,
    model: options.model,
    system: `${definition.prompt}\n\nWorking directory: ${options.cwd}`,
    maxTurns: definition.maxTurns,
    maxTokens: parent.maxTokens,
    fallbackModel: parent.fallbackModels,
    canUseTool: options.canUseTool,
    env: parent.env,
    createToolUseContext: (signal) => {
      const context = options.context(signal);
      tools = context.tools;
      return context;
    },
    subagent: { agentId: options.agentId, agentType: definition.name, parent },
    ...(options.persistedSession && { persistSession: true, sessionStore: options.persistedSession.store, parentSession: options.persistedSession }),
    takeQueuedMessages: () => queue.splice(0).map(queuedMessageText),
  });
  return {
    send(message) {
      if (!accepting) return false;
      queue.push(message);
      return true;
    },
    async run(runOptions) {
      accepting = true;
      const startedAt = performance.now();
      let lastTexts: string[] = [];
      let toolUseCount = 0;
      let error: ModelError | undefined;
      const outcome: SubagentOutcome = { text: '', endReason: 'end_turn', turns: 0, toolUseCount: 0, usage: ZERO_USAGE, durationMs: 0, notes: [] };
      const hookContext = options.context(runOptions.signal);
      const report = (message: string) => {
        outcome.notes.push(message);
        hookContext.onWarning?.(message);
      };
      const subagent = { hooks: hookContext.hooks, agentId: options.agentId, agentType: definition.name, cwd: options.cwd, permissionMode: hookContext.permissionContext.mode, signal: runOptions.signal };
      let prompt = runOptions.prompt;
      if (!started) {
        started = true;
        const start = await runSubagentStartHooks(subagent);
        start.failures.forEach(report);
        prompt = [prompt, ...start.additionalContext.map((text) => `<system-reminder>${text}</system-reminder>`)].join('\n\n');
      }
      for (let blocks = 0; ; blocks++) {
        for await (const event of agent.query(prompt, { signal: runOptions.signal, parentSpan: runOptions.parentSpan })) {
          switch (event.type) {
            case 'turn-start':
              lastTexts = [];
              break;
            case 'text':
              lastTexts.push(event.text);
              runOptions.onActivity?.({ kind: 'text', text: event.text });
              break;
            case 'tool-call': {
              toolUseCount++;
              const tool = tools.find((candidate) => candidate.name === event.toolName);
              const activity = describeToolCall(tool, event.input) ?? event.toolName;
              runOptions.onActivity?.({ kind: 'tool', toolName: event.toolName, activity, toolUseCount });
              break;
            }
            case 'tool-result':
              runOptions.onActivity?.({ kind: 'tool-result', toolName: event.toolName, isError: event.isError, status: event.status });
              break;
            case 'error':
              error = event.error;
              break;
            case 'end':
              Object.assign(outcome, { endReason: event.reason, turns: outcome.turns + event.turns, usage: addUsage(outcome.usage, event.usage) });
              if (event.sessionId) outcome.sessionId = event.sessionId;
              break;
          }
        }
        if (outcome.endReason !== 'end_turn') break;
        const next = await continueAfterStopHooks({ context: hookContext, signal: runOptions.signal, blocks, lastAssistantMessage: lastTexts.join('\n\n').trim(), subagent: { agentId: options.agentId, agentType: definition.name }, warn: report });
        if (next === undefined) {
          // Messages that came after its last tool results get one more turn, not silence.
          if (queue.length === 0 || runOptions.signal.aborted) break;
          prompt = queue.splice(0).map(queuedMessageText).join('\n\n');
          blocks = -1;
          continue;
        }
        prompt = next;
      }
      accepting = false;
      queue.length = 0;
      return { ...outcome, text: lastTexts.join('\n\n').trim(), toolUseCount, error, durationMs: performance.now() - startedAt };
    },
  };
}
