/** The turn loop's vocabulary: the state a query carries through its stages, and what a stage decides. Types only. */
import type Anthropic from '@anthropic-ai/sdk';
import type { Span } from '@opentelemetry/api';
import type { ToolUseContext } from '../../execution/types.ts';
import type { CanUseTool } from '../../permissions/types.ts';
import type { RequestPolicy } from '../../tool/agent-scope.ts';
import type { Spending, SpendingReservation, SpendingTotals } from '../../tool/spending.ts';
import type { Tool, ToolResultBlockParam, ToolUseBlock } from '../../tool/types.ts';
import type { CompactionSettings } from '../compaction/types.ts';
import type { InstructionsLoader } from '../../instructions/create-instructions-loader.ts';
import type { LoadedInstructions } from '../../instructions/types.ts';
import type { ContextUsage, PromptEstimate } from '../compaction/estimate-tokens.ts';
import type { AgentTranscript } from '../create-agent-transcript.ts';
import type { AgentCheckpoints, CheckpointRecording } from '../rewind/agent-checkpoints.ts';
import type { QueryRequests } from '../create-query-requests.ts';
import type { ThinkingParams } from '../resolve-thinking-params.ts';
import type { StructuredOutput } from '../output/types.ts';
import type { SessionStartState } from '../start-query-message.ts';
import type { AgentEvent, EndReason, ToolApproval, Usage } from '../types.ts';
import type { ModelProvider } from '../../model/providers/types.ts';

/** What the agent set up, as one query reads it: fixed from its first turn to its last. */
export interface TurnAgent {
  /** The agent's transcript: stages append to it, the model reads it. */
  readonly messages: Anthropic.MessageParam[];
  readonly client: Anthropic;
  /** The agent's name on its telemetry: `codev` for a top-level agent, the agent type for a subagent. */
  readonly name: string;
  /** A subagent's id; none for a top-level agent. */
  readonly agentId?: string;
  readonly model: string;
  /**
   * Where the model is reached (Anthropic, a compatible server, Bedrock, Vertex, Foundry): its model ids,
   * prices and capabilities. The request stages send `provider.wireModelId(model)` and leave out what
   * `provider.capabilities(model)` lacks. Undefined only for a client given without a provider (tests).
   */
  readonly provider?: ModelProvider;
  readonly maxTokens: number;
  readonly system?: string;
  /** The `thinking` and `output_config` every request carries; none when the agent sets neither. */
  readonly thinkingParams?: ThinkingParams;
  /** The models a request moves on to when `model` is overloaded or failing (`AgentOptions.fallbackModel`). */
  readonly fallbackModels: readonly string[];
  readonly requestPolicy: RequestPolicy;
  readonly maxTurns: number;
  readonly canUseTool: CanUseTool;
  readonly maxToolConcurrency?: number;
  readonly waitForBackgroundAgents: boolean;
  readonly takeQueuedMessages?: () => readonly string[];
  /**
   * Takes the messages `agent.send()` queued while the query ran, each a user message's blocks: read after
   * the next round of tool results, or instead of ending when the model ends its turn.
   */
  readonly takeSentMessages?: () => Anthropic.ContentBlockParam[][];
  /** A top-level agent runs SessionStart, UserPromptSubmit and Stop hooks; a subagent has its own. */
  readonly topLevel: boolean;
  readonly sessionStart: SessionStartState;
  /** Where the conversation is persisted: `runTurns` saves what each stage added. */
  readonly transcript: AgentTranscript;
  /** When and how the conversation is compacted. */
  readonly compaction: CompactionSettings;
  /** The file checkpoints recorded before each turn's tool calls; none when they are off. */
  readonly checkpoints?: AgentCheckpoints;
  /** A prompt-cache breakpoint on the conversation's last block each request (`AgentOptions.promptCaching`). */
  readonly promptCaching: boolean;
  /** The calls whose asks `canUseTool` deferred, by tool_use id, with why they ask (taken by `runToolCalls`). */
  readonly deferredCalls: Map<string, string>;
  /** What the agent (and its subagents) spent; the top-level query's limits are kept on its root. */
  readonly spending: Spending;
  /** The limits a top-level agent sets on its tree for each query. */
  readonly limits?: { readonly maxBudgetUsd?: number; readonly maxQueryTokens?: number };
  /** The size of the conversation at the last request (kept across queries; cleared by a compaction). */
  readonly contextSize: { usage?: ContextUsage };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The project's instruction files, when the agent reads them (`AgentOptions.instructions`). */
  readonly instructions?: InstructionsLoader;
  /** The final answer's schema and retries (`outputSchema`), checked by `checkOutput`; none without one. */
  readonly output?: StructuredOutput;
  /** The context of a turn after the first (with a kernel, on its latest registry generation). */
  nextContext(previous: ToolUseContext): ToolUseContext;
}

/** What one turn gathers, stage by stage; `prepareTurn` starts each turn with a fresh one (`newTurn`). */
export interface Turn {
  /** The model's reply (set by `callModel`). */
  reply?: Anthropic.Message;
  /** The model the request was made on (set by `callModel`: a fallback model's when it answered). */
  model?: string;
  /** How long the request that answered took, its retries included, in ms (set by `callModel`). */
  requestDurationMs?: number;
  /**
   * The request's estimated cost, held on the spending tree's root while it is in flight, under a limit
   * (`holdTurnRequest`); `recordReply` settles it with the reply's usage, anything else releases it.
   */
  reservation?: SpendingReservation;
  /** What the request sends before its messages, as estimated for the hold: the next estimate starts from it. */
  prompt?: PromptEstimate;
  toolUses: ToolUseBlock[];
  results: ToolResultBlockParam[];
  /** A tool call asked to end the query (a hook's `preventContinuation`, a tool's interrupt). */
  stopRequested: boolean;
  /** The signal had aborted when the last tool call ended (set by `runToolCalls`). */
  interrupted: boolean;
  /** The files' recording for this turn's checkpoint, started with its request (`prepareTurn`), entered by `recordCheckpoint`. */
  recording?: CheckpointRecording;
}

/** The mutable state one query carries through its stages. */
export interface TurnState {
  readonly agent: TurnAgent;
  /** The query's prompt, as a user message's content; none when `agent.resume()` answers waiting calls. */
  readonly prompt?: string | Anthropic.ContentBlockParam[];
  /** The answers to the calls that wait for approval, by tool_use id (`agent.resume()`); none means refused. */
  readonly approvals?: Readonly<Record<string, ToolApproval>>;
  readonly signal: AbortSignal;
  /** What the query's model requests share (one signal, one listener on `signal`, one idle watchdog); closed by `runTurns`. */
  readonly requests: QueryRequests;
  /** The query's OpenTelemetry `invoke_agent` span (started by `createTurnState`, ended by `runTurns`): chat and tool spans are its children. */
  readonly agentSpan: Span;
  context: ToolUseContext;
  /** The system prompt sent: the agent's own, then the instruction files (`instructions`, as last read). */
  system?: string;
  instructions?: LoadedInstructions;
  /** The tools sent with each request, and the pool and loaded deferred tools they were made from. */
  requestTools: { tools: Anthropic.ToolUnion[]; madeFrom?: { pool: readonly Tool[]; loaded: number } };
  turns: number;
  usage: Usage;
  /** The agent's spending when the query started: the query's cost is what was added since. */
  readonly spentBefore: SpendingTotals;
  /** Stop-hook blocks honoured in a row (see `continueAfterStopHooks`). */
  stopBlocks: number;
  /** The final answer, validated and parsed by the output schema (set by `checkOutput`). */
  output?: unknown;
  /** The answers the model was asked to correct so far (`checkOutput`). */
  outputRetries: number;
  /** The last checkpoint failure warned about in this query (`recordCheckpoint`): the same one is not repeated. */
  checkpointFailure?: string;
  /** A recording failed in a way every later one of the query would (over `maxFiles`): none is started until the next query. */
  checkpointsPaused?: boolean;
  turn: Turn;
}

/** What a stage decides: end the query, or skip this turn's remaining stages and start the next. */
export type TurnOutcome = { type: 'end'; reason: EndReason } | { type: 'next-turn' };

/** A stage's work that yields events or waits: a generator of the events, returning the stage's outcome. */
export type StageRun = AsyncGenerator<AgentEvent, TurnOutcome | void, void>;

/**
 * One stage of the loop: returns its outcome (or nothing, to go on to the next stage) at once when it has
 * nothing to yield or await this turn, else a `StageRun` that yields its events and returns the outcome. Most
 * stages of most turns have nothing to do: the runner then makes no generator and awaits nothing for them.
 */
export type TurnStage = (state: TurnState) => TurnOutcome | void | StageRun;
