/**
 * The agent vocabulary the tool contract needs: the agent a tool call runs in (AgentScope), the agent types it
 * can start, subagent limits and how model requests are made. Types only.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { AskUser } from './ask-user.ts';
import type { PermissionMode } from './permission-mode.ts';
import type { Spending } from './spending.ts';

/** Where an agent type was defined; earlier sources win on a name clash. */
export type AgentTypeSource = 'sdk' | 'config' | 'project' | 'user' | 'built-in';

/**
 * An agent type the Agent tool can start (`subagent_type`): from `agents/*.md`, `.codev/agents/*.md`,
 * `~/.codev/agents/*.md`, the config's `agents`, the SDK's `agents` option or the built-ins.
 */
export interface AgentTypeDefinition {
  /** The `subagent_type` that selects it. */
  name: string;
  /** When to use it; shown to the model in the Agent tool's prompt. */
  description: string;
  /** The subagent's system prompt (a markdown file's body). */
  prompt: string;
  /** The tools it may use (names or MCP server prefixes such as `mcp__github`). Default: every tool of its parent. */
  tools?: readonly string[];
  /** Tools it may never use; applied before `tools`. */
  disallowedTools?: readonly string[];
  /** A model id or alias (`sonnet`, `opus`, `haiku`, `inherit`). Default `inherit`. */
  model?: string;
  /** A mode for its calls; never one that allows more than its parent's. */
  permissionMode?: PermissionMode;
  /** Model turns at most. Default the agent loop's default. */
  maxTurns?: number;
  source: AgentTypeSource;
  /** The file it was read from. */
  file?: string;
}

/** Bounds on subagents, shared by a top-level agent and all its descendants. */
export interface SubagentLimits {
  /** How deep subagents may nest: 1 lets the main agent start subagents that cannot start their own. Default 3. */
  maxDepth: number;
  /** Subagents running at once (foreground and background), across the whole tree. Default 20. */
  maxConcurrent: number;
}

/** Counts running subagents of one agent tree. */
export interface SubagentSlots {
  readonly running: number;
  /** Takes a slot, or returns false when all are in use. */
  tryAcquire(): boolean;
  release(): void;
}

/**
 * The provider an agent reaches its model through: the part of the model layer's `ModelProvider` tools use
 * (WebFetch's small model goes through the agent's provider, its id mapped to the provider's).
 */
export interface AgentScopeModelProvider {
  readonly name: string;
  /** For messages: the provider and its region, project or URL. */
  readonly label: string;
  /** The id to send for `model` on this provider. */
  wireModelId(model: string): string;
  /** A client of this provider. */
  createClient(options: { maxRetries: number }): Promise<Anthropic>;
}

/**
 * The agent a tool call runs in, set on the tool context by the agent loop. The Agent tool starts
 * subagents from it: same model client, limits and slots, one level deeper.
 */
export interface AgentScope {
  /** `main` for the top-level agent, else the subagent's id. */
  readonly agentId: string;
  readonly agentType?: string;
  /** 0 for the top-level agent. */
  readonly depth: number;
  readonly client: Anthropic;
  /** The provider `client` talks to; subagents use the same. Undefined for a client given without one. */
  readonly provider?: AgentScopeModelProvider;
  /** The model this agent uses (what `inherit` means). */
  readonly model: string;
  readonly maxTokens?: number;
  /** The models a request moves on to when this agent's model is overloaded or failing; its subagents use them too. */
  readonly fallbackModels?: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** How its model requests retry and time out; subagents make theirs the same way. */
  readonly requestPolicy?: RequestPolicy;
  readonly limits: SubagentLimits;
  readonly slots: SubagentSlots;
  /** What this agent spends on model requests (its subagents' included) and the running query's limits. */
  readonly spending: Spending;
  /** The project whose `agents/` folders define agent types. */
  readonly projectRoot: string;
  /** The user's home, whose `~/.codev/agents/` defines agent types. */
  readonly homeDirectory?: string;
  /** Agent types given in code (SDK `agents`, then the config's), read at each use so a reload shows. */
  definitions(): readonly AgentTypeDefinition[];
  /** Who answers AskUserQuestion: the top-level agent's `askUser`; a subagent never has one. */
  readonly askUser?: AskUser;
}

/** How the agent makes its model requests: its own retries (each one an event) and the stream idle timeout. */
export interface RequestPolicy {
  /** Retries after a retryable failure; 0: none. */
  readonly maxRetries: number;
  /** The longest wait before one retry; a server asking for more ends the request instead. */
  readonly maxRetryWaitMs: number;
  /** The first retry's wait when the server names none; it doubles on each retry (up to 8 s and `maxRetryWaitMs`). */
  readonly retryBaseDelayMs: number;
  /** How long a request may go without a byte from the server before it is abandoned; 0: no limit. */
  readonly streamIdleTimeoutMs: number;
}
