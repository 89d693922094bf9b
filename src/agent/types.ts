/** The agent loop's vocabulary: options, events and usage. Types only. */
import type Anthropic from '@anthropic-ai/sdk';
import type { CodevErrorCode } from '../errors/codes.ts';
import type { TaskNotification } from '../tasks/take-task-notifications.ts';
import type { ToolUseContext } from '../execution/types.ts';
import type { CanUseTool, PermissionDecision } from '../permissions/types.ts';
import type { ProgressPayload } from '../progress/types.ts';
import type { AgentTypeDefinition, AgentScope, SubagentLimits } from '../subagents/types.ts';
import type { Tool, ToolResultBlockParam } from '../tool/types.ts';

/** Token counts, summed over every model request of a query. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
}

/** A model failure, as a value: a stable code, the HTTP status and what to do. */
export interface ModelError {
  code: CodevErrorCode;
  message: string;
  status?: number;
  /** Seconds, from a 429's `retry-after`. */
  retryAfterSeconds?: number;
  requestId?: string;
}

/** Why a query ended. `blocked`: a UserPromptSubmit hook refused the prompt, so no model request was made. */
export type EndReason = 'end_turn' | 'max_turns' | 'aborted' | 'error' | 'stopped' | 'max_tokens' | 'refusal' | 'blocked';

/** What `agent.query(prompt)` yields, in order. */
export type AgentEvent =
  /** A UserPromptSubmit hook refused the prompt (`reason` is for the user); the query then ends with `blocked`. */
  | { type: 'prompt-blocked'; reason: string; hookName: string }
  | { type: 'turn-start'; turn: number }
  | { type: 'text-delta'; text: string }
  | { type: 'text'; text: string }
  | { type: 'tool-call'; toolUseId: string; toolName: string; input: unknown }
  | { type: 'tool-progress'; toolUseId: string; toolName: string; progress: ProgressPayload }
  /** A background task this agent started ended; the model reads the notification with its next message. */
  | { type: 'task-notification'; notification: TaskNotification }
  | {
      type: 'tool-result';
      toolUseId: string;
      toolName: string;
      isError: boolean;
      status: string;
      block: ToolResultBlockParam;
      decision?: PermissionDecision;
      output?: unknown;
      /** The stable code of a failed call (see `ToolResultUpdate.errorCode`). */
      errorCode?: CodevErrorCode;
      durationMs: number;
    }
  | { type: 'usage'; usage: Usage; total: Usage }
  | { type: 'error'; error: ModelError }
  | { type: 'end'; reason: EndReason; turns: number; usage: Usage; messages: readonly Anthropic.MessageParam[] };

/** Options of `createAgent`. */
export interface AgentOptions {
  /** The tools the model may call, in pool order (built-ins first). Default: the kernel's pool. */
  tools?: readonly Tool[];
  /** The model id. Default `claude-sonnet-4-6`, or `CODEV_MODEL`. */
  model?: string;
  system?: string;
  maxTurns?: number;
  maxTokens?: number;
  /** Answers permission asks. Default: deny (scripts must opt in). */
  canUseTool?: CanUseTool;
  /** A ready client; else one is made from `apiKey`/`baseURL` (default `ANTHROPIC_API_KEY`/`ANTHROPIC_BASE_URL`). */
  client?: Anthropic;
  apiKey?: string;
  baseURL?: string;
  /** Retries the SDK makes on 429/529/connection errors. Default 2. */
  maxRetries?: number;
  /** Makes the tool context of a query. Default: a context over `tools` from `createToolUseContext`. */
  createToolUseContext?: (signal: AbortSignal) => ToolUseContext;
  /** Parallel concurrency-safe calls at most. Default 10. */
  maxToolConcurrency?: number;
  /** The environment read for defaults. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Agent types for the Agent tool, by name; they win over the config's and over `agents/*.md` files. */
  agents?: Readonly<Record<string, AgentTypeOptions>>;
  /** Bounds on subagents (default: the config's `subagents`, else depth 3 and 20 at once). */
  subagentLimits?: Partial<SubagentLimits>;
  /**
   * When the model ends its turn while background subagents it started still run, wait for them and go on
   * with their task notifications, so the turn ends with their results read. Default false.
   */
  waitForBackgroundAgents?: boolean;
  /**
   * Messages for the agent that arrived while it worked (SendMessage to a running subagent): taken after
   * each round of tool results and sent with them, so the model reads them before its next step.
   */
  takeQueuedMessages?: () => readonly string[];
  /** Set by the Agent tool when this agent is a subagent: its id, its type and the scope it was started from. */
  subagent?: { agentId: string; agentType: string; parent: AgentScope };
}

/** An agent type given in code: an {@link AgentTypeDefinition} without its name and source. */
export type AgentTypeOptions = Omit<AgentTypeDefinition, 'name' | 'source' | 'file'>;
