/** The agent loop's vocabulary: options, events and usage. Types only. */
import type Anthropic from '@anthropic-ai/sdk';
import type { CodevErrorCode } from '../errors/codes.ts';
import type { TaskNotification } from '../tasks/take-task-notifications.ts';
import type { PersistedSession, ToolUseContext } from '../execution/types.ts';
import type { CanUseTool, PermissionDecision } from '../permissions/types.ts';
import type { ProgressPayload } from '../progress/types.ts';
import type { AgentTypeDefinition, AgentScope, SubagentLimits } from '../tool/agent-scope.ts';
import type { AskUser } from '../tool/ask-user.ts';
import type { Tool, ToolResultBlockParam } from '../tool/types.ts';
import type { ConversationRepair, SessionStore, TranscriptProblem } from '../transcripts/types.ts';
import type { CompactBoundary, CompactionOptions } from './compaction/types.ts';
import type { CheckpointsSetting } from '../config/checkpoints-setting-schema.ts';
import type { EndReason, Usage } from '../tool/agent-run.ts';
import type { LimitReached } from '../tool/spending.ts';
import type { ModelPrices } from '../model/model-price.ts';
import type { ModelSettings } from '../model/providers/types.ts';
import type { InstructionsSetting } from '../instructions/instructions-setting.ts';
import type { OutputIssue, OutputSchema } from './output/types.ts';

export type { EndReason, Usage };

/** A model failure, as a value: a stable code, the HTTP status and what to do. */
export interface ModelError {
  code: CodevErrorCode;
  message: string;
  status?: number;
  /** Seconds the server asked to wait, from its `retry-after` (or `retry-after-ms`) header. */
  retryAfterSeconds?: number;
  /** When the server said it could be tried again (ISO 8601), when it asked to wait longer than the agent waits. */
  retryAt?: string;
  requestId?: string;
  /** True when the same request may succeed later (rate limits, overloads, 5xx, broken or stalled streams). */
  retryable?: boolean;
  /** Why the server could not be reached, with `MODEL_UNREACHABLE` (the message names the URL tried and the fix). */
  reason?: ModelUnreachableReason;
}

/**
 * Why a model request got no answer (`MODEL_UNREACHABLE`): the connection was refused (or the port is one fetch
 * blocks), the host name does not resolve, the TLS handshake failed (an untrusted certificate, or not TLS at all),
 * nothing answered in time, the server closed the connection before answering, what answered does not speak HTTP
 * (`protocol`), or the base URL is one fetch cannot use at all (`url`: a port out of range, a user name and
 * password in it).
 */
export type ModelUnreachableReason = 'refused' | 'dns' | 'tls' | 'timeout' | 'reset' | 'protocol' | 'url';

/** What `agent.query(prompt)` yields, in order; `Output` is the type of the final answer (see `outputSchema`). */
export type AgentEvent<Output = unknown> =
  /** A UserPromptSubmit hook refused the prompt (`reason` is for the user); the query then ends with `blocked`. */
  | { type: 'prompt-blocked'; reason: string; hookName: string }
  | { type: 'turn-start'; turn: number }
  | { type: 'text-delta'; text: string }
  | { type: 'text'; text: string }
  /** A piece of the model's thinking as it streams (only with `thinking` on); void when the request is retried. */
  | { type: 'thinking-delta'; text: string }
  /**
   * One complete thinking block of a reply. `redacted`: the API encrypted it (a `redacted_thinking` block),
   * so `text` is empty; it is kept in the transcript all the same.
   */
  | { type: 'thinking'; text: string; redacted: boolean }
  | { type: 'tool-call'; toolUseId: string; toolName: string; input: unknown }
  | { type: 'tool-progress'; toolUseId: string; toolName: string; progress: ProgressPayload }
  /**
   * A call's permission ask was deferred (`canUseTool` answered `defer`): it did not run; the query ends with
   * reason `deferred` and the call waits in the session for `agent.resume({ approvals })`.
   */
  | { type: 'tool-deferred'; toolUseId: string; toolName: string; input: unknown; message: string }
  /**
   * A message queued for the running query (`agent.send()`, or SendMessage to a subagent) went to the model,
   * in the user message that follows: after tool results, or as a new turn when the model had ended its own.
   */
  | { type: 'user-message'; content: Anthropic.ContentBlockParam[] }
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
  /**
   * One model request's tokens and `total` for the query. `costUsd` is the request's cost in US dollars and
   * `totalCostUsd` what the query spent so far (its subagents' and compactions' requests included); null when
   * a model has no price (see `prices`): unknown, never 0.
   */
  | { type: 'usage'; usage: Usage; total: Usage; costUsd: number | null; totalCostUsd: number | null }
  /** A limit of the query would be passed by the next request: the agent ends before making it (see `LimitReached`). */
  | LimitReached
  /** The conversation was compacted (old tool results cleared, older messages summarized): see `compaction`. */
  | CompactBoundary
  /**
   * A model request failed with a retryable `error` and is tried again after `waitMs` (retry `attempt` of
   * `maxRetries`). Text deltas streamed by the failed attempt are void: the retry streams its own.
   */
  | { type: 'retry'; attempt: number; maxRetries: number; waitMs: number; error: ModelError }
  /**
   * Model `from` still failed with `error` (overloaded or a 5xx) after its retries, so the same request is
   * made on `to`, the next of `fallbackModel`. The next turn tries the agent's model again.
   */
  | { type: 'model-fallback'; from: string; to: string; error: ModelError }
  /**
   * The final answer did not match `outputSchema` (or was not given): the model is shown the `issues` and
   * answers again (retry `attempt` of `maxRetries`, see `outputRetries`).
   */
  | { type: 'output-retry'; attempt: number; maxRetries: number; issues: readonly OutputIssue[] }
  | { type: 'error'; error: ModelError }
  /**
   * Something the user should know that does not stop the query: an instruction file that was skipped
   * (`INSTRUCTIONS_SKIPPED`: too large, unreadable, or an `@path` include missing, outside or too deep), with its `path`.
   */
  | { type: 'warning'; code: CodevErrorCode; message: string; path?: string }
  /**
   * The resumed session needed repairs before the model could read it (once, before its first turn): the
   * calls codev was running when it stopped (answered as interrupted: they may have run in part or not at
   * all), lines of its transcript that were damaged and skipped (`problems`), and what they changed in the
   * conversation (`repairs`). `message` says it for a person.
   */
  | { type: 'session-repaired'; sessionId: string; problems: readonly TranscriptProblem[]; repairs: readonly ConversationRepair[]; message: string }
  /** The query ended; `sessionId` names its persisted session (resume it with `resume: sessionId`). */
  | {
      type: 'end';
      reason: EndReason;
      turns: number;
      usage: Usage;
      /** What the query cost in US dollars, subagents and compactions included; null when a model had no price. */
      costUsd: number | null;
      messages: readonly Anthropic.MessageParam[];
      sessionId?: string;
      /** With `outputSchema`: the final answer, validated and parsed by the schema; absent when none was accepted. */
      output?: Output;
    };

/** `AgentOptions.thinking`: a budget of thinking tokens, thinking as the model sees fit, or none. */
export type ThinkingOptions = { type: 'enabled'; budgetTokens: number } | { type: 'adaptive' } | { type: 'disabled' };

/** `AgentOptions.effort`, lowest to highest. */
export type Effort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** Options of `createAgent`. */
export interface AgentOptions {
  /** The tools the model may call, in pool order (built-ins first). Default: the kernel's pool. */
  tools?: readonly Tool[];
  /**
   * The model: an id (of the default provider, `anthropic` or `CODEV_PROVIDER`), or `ModelSettings` naming the
   * provider (Anthropic or a compatible server, Amazon Bedrock, Google Vertex AI, Microsoft Foundry) and its
   * settings. Each setting left out comes from `CODEV_PROVIDER`/`CODEV_MODEL`, the config's `model`, then the
   * provider's own variables (see `resolveModelProvider`). Default `claude-sonnet-4-6`. Subagents use their
   * parent's provider.
   * @example
   * createAgent({ model: { provider: 'bedrock', id: 'claude-sonnet-4-6', region: 'eu-west-1' } });
   */
  model?: string | ModelSettings;
  system?: string;
  maxTurns?: number;
  /** The most output tokens of one model request (the API's `max_tokens`). Default 8192. */
  maxTokens?: number;
  /**
   * Extended thinking (the API's `thinking`): `enabled` with a token budget (at least 1,024 and less than
   * `maxTokens`), `adaptive` (the model decides how much to think; newer models), or `disabled`. Thinking
   * streams as `thinking-delta` events and each block ends in a `thinking` event; the blocks stay in the
   * transcript, signatures and all, as the API requires for tool use. Default: not sent (the model's default).
   */
  thinking?: ThinkingOptions;
  /** How much effort the model puts into its answers (the API's `output_config.effort`). Default: not sent. */
  effort?: Effort;
  /**
   * Models to try, in order, when a request to `model` still fails after its retries because the API is
   * overloaded (529) or failing (5xx); never after a 4xx or a rate limit (429). Each switch is a
   * `model-fallback` event, the turn is priced by the model that answered, and the next turn starts on
   * `model` again. Subagents use the same list.
   */
  fallbackModel?: string | readonly string[];
  /**
   * The most a query may spend, in US dollars, subagents and compaction included: an agent of the query
   * ends with `max_budget_usd` (after a `limit-reached` event) before a request whose most possible cost
   * would pass it, counting what the requests in flight elsewhere in the tree hold. A request's most
   * possible cost: everything it sends (tools and system prompt included; after its first request, the
   * API's own count plus what was added since), cache reads only for what the API reported cached last
   * time, and its whole `maxTokens` of output (a smaller `maxTokens` lets a small budget go further). The
   * model must have a price (see `prices`), else createAgent throws `MODEL_PRICE_UNKNOWN`.
   */
  maxBudgetUsd?: number;
  /**
   * The most tokens a query may use (input, cache and output, subagents and compaction included): an agent
   * of the query ends with `max_query_tokens` before a request that could pass it (its input and whole
   * `maxTokens`, as for `maxBudgetUsd`).
   */
  maxQueryTokens?: number;
  /**
   * Prices (USD per million tokens) by model id or id prefix, for models codev's table does not know or
   * prices that changed; they win over the config's `prices` and codev's table.
   */
  prices?: ModelPrices;
  /**
   * Project instructions in the system prompt: `~/.codev/CODEV.md`, `AGENTS.md` and `CLAUDE.md`, then the
   * project root's, each file that exists with the files it includes (`@path`), read again when one changes.
   * `false` reads none; `{ sources: { codev, agents, claude, user, project } }` turns single sources off.
   * Default: the config's `instructions` (all on) for an agent with a project (a kernel), off for a
   * standalone agent (explicit `tools`, no kernel) and a subagent.
   */
  instructions?: InstructionsSetting;
  /**
   * The shape of the final answer: a zod object schema (or a JSON Schema with `type: "object"`). The model
   * gets a `StructuredOutput` tool whose input is the answer; it may use its other tools first, and its
   * call ends the work. The answer is validated by the schema and returned parsed and typed (`output` on
   * the `end` event and `agent.run()`'s result). A schema that is not an object: `INPUT_INVALID`.
   */
  outputSchema?: OutputSchema;
  /**
   * How many times an answer that does not match `outputSchema` (or a reply without one) is sent back with
   * its issues for the model to correct, each an `output-retry` event; then the query ends with
   * `output-invalid` after an `OUTPUT_INVALID` error. Default 2.
   */
  outputRetries?: number;
  /** Answers permission asks. Default: deny (scripts must opt in). */
  canUseTool?: CanUseTool;
  /**
   * Answers the model's multiple-choice questions (the AskUserQuestion tool), by question text. Without it the
   * tool is not offered to the model (a call fails with `QUESTION_UNANSWERABLE`). Subagents never inherit it.
   *
   * @example
   * askUser: async (questions) => Object.fromEntries(questions.map((q) => [q.question, q.options[0]!.label]))
   */
  askUser?: AskUser;
  /** A ready client; else one is made by the provider (`model`), with `apiKey`/`baseURL` over its settings (Anthropic's default `ANTHROPIC_API_KEY`/`ANTHROPIC_BASE_URL`). */
  client?: Anthropic;
  apiKey?: string;
  baseURL?: string;
  /**
   * Retries of a model request that failed with a retryable error (429, 529, 5xx, a connection or stream
   * failure), each announced by a `retry` event. Default 2, or `CODEV_MAX_RETRIES`. The agent makes them
   * itself: a given `client`'s own retries are turned off for its requests.
   */
  maxRetries?: number;
  /**
   * The longest wait before one retry, in ms. A server asking (`retry-after`) for a longer wait ends the
   * request with its error (`MODEL_RATE_LIMITED` for a 429) saying when to try again. Default 60 000, or
   * `CODEV_MAX_RETRY_WAIT_MS`.
   */
  maxRetryWaitMs?: number;
  /** The wait before the first retry when the server names none, doubling per retry up to 8 s. Default 500. */
  retryBaseDelayMs?: number;
  /**
   * How long a model request may go without receiving a byte (headers or stream data) before it is
   * abandoned with `MODEL_STREAM_STALLED` and retried like any retryable failure, in ms. 0 turns it off.
   * Default 90 000, or `CODEV_STREAM_IDLE_TIMEOUT_MS`.
   */
  streamIdleTimeoutMs?: number;
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
  /**
   * Keep the conversation on disk, one JSON Lines transcript per session in the project's
   * `.codev/sessions/` (or in `sessionStore`), every message appended as it is made. Default: on for an
   * agent with a project (a kernel), off for a standalone agent (explicit `tools`, no kernel) and a subagent.
   */
  persistSession?: boolean;
  /**
   * Cache the conversation between requests: each request asks the API to put a prompt-cache breakpoint on
   * its last block (the top-level `cache_control`), so the next one reads everything before from the cache
   * (billed at a tenth) instead of paying full price for the whole history every turn. Default true.
   */
  promptCaching?: boolean;
  /**
   * Long conversations: past `threshold` (0.8) of `contextWindow` (200,000 tokens) the agent clears old tool
   * results, then if needed summarizes the older messages through the same model, before the next request;
   * a request the API refuses as too long is compacted and retried once (then `CONTEXT_OVERFLOW`).
   * `auto: false` leaves it to `agent.compact()` and the overflow retry.
   */
  compaction?: CompactionOptions;
  /**
   * File checkpoints: before each turn's tool calls run, the files of the working directories (the cwd and
   * the additional working directories; `.gitignore`d files left out) are recorded in the project's
   * `.codev/checkpoints/` store, so that `agent.rewind()` can put them back as they were before any turn,
   * whatever changed them (Edit, Write, Bash, background tasks, subagents). `maxFileBytes` (default 5 MiB):
   * larger files are recorded by hash and size only; `maxFiles` (default 100,000): a working directory with
   * more is not recorded (a warning). Default: the config's `checkpoints`, else on for an agent with a
   * project (a kernel) and a persisted session, off for a standalone agent and a subagent (its changes fall in
   * its parent's turn). Needs a persisted session.
   */
  checkpoints?: CheckpointsSetting;
  /** Where sessions are kept. Default: the file store in the project's `.codev/sessions/`. */
  sessionStore?: SessionStore;
  /** Go on with this session: its messages are loaded at the first query (`SESSION_NOT_FOUND` when there is none). */
  resume?: string;
  /** Go on with the latest session of this project (a new one when there is none). */
  continue?: boolean;
  /** With `resume` or `continue`: go on in a new session that starts as a copy, leaving the original as it was. */
  fork?: boolean;
  /** With `resume`: go on from this message (its uuid, see `getSessionMessages`), in a new session forked there. */
  at?: string;
  /**
   * With `resume`: folders the resumed session worked in that are now elsewhere (a job's checkout on another
   * machine), each `from` with its new place `to`. With `fork` or `at`, the new session's copy of the
   * messages names the new folders instead (text, tool calls' inputs, tool results; the original session
   * stays as it was) and its last message tells the model the folder moved, so that it does not go on
   * writing to the old one. Without them (the session goes on in itself) the loaded conversation and the
   * calls waiting for approval are rewritten in memory only: the stored lines are never edited.
   */
  movedPaths?: readonly { from: string; to: string }[];
  /** The session this agent's session belongs to: set by the Agent tool for a subagent of a persisted session. */
  parentSession?: PersistedSession;
  /** Set by the Agent tool when this agent is a subagent: its id, its type and the scope it was started from. */
  subagent?: { agentId: string; agentType: string; parent: AgentScope };
}

/**
 * The answer to a deferred call, by its `tool_use` id: run it (with `updatedInput`, validated and checked
 * against the rules again: a deny rule still wins), or refuse it (`message` tells the model why).
 */
export type ToolApproval = { behavior: 'allow'; updatedInput?: Record<string, unknown> } | { behavior: 'deny'; message?: string };

/** An agent type given in code: an {@link AgentTypeDefinition} without its name and source. */
export type AgentTypeOptions = Omit<AgentTypeDefinition, 'name' | 'source' | 'file'>;
