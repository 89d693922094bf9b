/** The execution vocabulary: the call context, the updates runToolUse yields, and stage outcomes. Types only. */
import type { Span } from '@opentelemetry/api';
import type { CodevErrorCode } from '../errors/codes.ts';
import type { ToolHook } from '../hooks/types.ts';
import type { PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import type {
  CanUseTool,
  PermissionClassifier,
  PermissionDecision,
  ToolPermissionContext,
} from '../permissions/types.ts';
import type { EnvironmentPolicy } from '../processes/environment-policy.ts';
import type { ProgressPayload } from '../progress/types.ts';
import type { CheckedPath, Tool, ToolContext, ToolResultBlockParam, ToolUseBlock } from '../tool/types.ts';
import type { SessionStore } from '../transcripts/types.ts';

/** Observes every permission decision (in addition to the OpenTelemetry event). */
export type DecisionListener = (event: {
  toolName: string;
  toolUseId: string;
  decision: PermissionDecision;
}) => void;

/**
 * Everything a call needs besides the call itself. One per session; `permissionContext` is replaced
 * (never mutated) when the user adds a session rule.
 */
/** An agent's persisted session, as its tool calls see it. */
export interface PersistedSession {
  readonly id: string;
  readonly store: SessionStore;
  /** Registers what ends with this session: a subagent's transcript is closed when its parent's is. */
  closeWith(close: () => Promise<void>): void;
}

export interface ToolUseContext extends ToolContext {
  /**
   * The persisted session of the agent the calls run in (set by the agent loop): a subagent started from
   * here keeps its transcript in the same store, naming this session as its parent.
   */
  persistedSession?: PersistedSession;
  /** Hooks of the current registry generation, in registration order. */
  hooks: readonly ToolHook[];
  /** Rule-set plugins; their `check` functions run here (their rule strings belong in `permissionContext` under `plugin`). */
  ruleSets: readonly PermissionRuleSet[];
  /** The auto-mode classifier, if any. */
  classifier?: PermissionClassifier;
  /** Where "always allow" choices are saved. Default `<cwd>/.codev/settings.local.json`. */
  localSettingsFile?: string;
  /** The user's home directory, for `~` in rules and paths. Default `os.homedir()`. */
  homeDirectory?: string;
  /** The directory `/path` rules are anchored to. Default `cwd`. */
  projectRoot?: string;
  /** Called with every decision. */
  onDecision?: DecisionListener;
  /** Called with warnings the user should see (e.g. an "always allow" that could not be saved). */
  onWarning?: (message: string) => void;
  /** Plugin directories (absolute): writes there always ask, since plugins can change permissions. */
  pluginDirectories?: readonly string[];
  /** Plugin files the config lists outside the plugin directories (absolute): protected like them. */
  pluginFiles?: readonly string[];
  /** The directories the config is searched in (the cwd up to the project root): a config file in any of them is protected. */
  configDirectories?: readonly string[];
  /**
   * Files that run outside the sandbox besides the hooks' (an MCP stdio server's script): writes to them
   * always ask and the sandbox keeps them read-only. Absolute.
   */
  protectedFiles?: readonly string[];
  /**
   * Which of codev's environment variables the commands of these calls receive (the config's `environment`):
   * credentials never by default (see `commandEnvironment`), and their values are redacted from results.
   */
  environment?: EnvironmentPolicy;
  /** Deferred tools whose schema has been sent (ToolSearch loaded them). */
  loadedDeferredTools?: ReadonlySet<string>;
  /** The OpenTelemetry `invoke_agent` span of the query the calls run in (set by the agent loop): each call's `execute_tool` span is its child. */
  agentSpan?: Span;
}

/** How a call ended. */
export type ToolUseStatus =
  | 'ok'
  | 'not-found'
  | 'cancelled'
  | 'invalid-input'
  | 'denied'
  | 'stopped'
  | 'error';

/** A progress report of a running call. */
export interface ToolProgressUpdate {
  type: 'progress';
  toolUseId: string;
  toolName: string;
  progress: ProgressPayload;
}

/** The one result of a call: always yielded last, whatever happened. */
export interface ToolResultUpdate {
  type: 'result';
  toolUseId: string;
  toolName: string;
  status: ToolUseStatus;
  isError: boolean;
  /** The block to send to the model. */
  block: ToolResultBlockParam;
  /** The permission decision, when the call got that far. */
  decision?: PermissionDecision;
  /** `call()`'s data (after PostToolUse replacements), when the call succeeded. */
  output?: unknown;
  /** When the status is 'stopped' or a hook asked to end the turn. */
  preventContinuation?: boolean;
  /**
   * The stable code of a failure: `TOOL_NOT_FOUND`, `INPUT_INVALID`, the code of the `CodevError` a tool's
   * `call()` threw (e.g. `WORKTREE_NOT_GIT`), or `TOOL_FAILED` for any other throw. The model reads only the text.
   */
  errorCode?: CodevErrorCode;
  /**
   * What a tool's `call()` threw, for the person running codev (its location and stack); the model reads only
   * the message in `block`.
   */
  thrown?: unknown;
  /** True when the user asked to stop the whole turn (a deny with interrupt). */
  interrupt?: boolean;
  /** Set when the full result was saved to disk. */
  persistedPath?: string;
  durationMs: number;
}

/** What runToolUse yields. */
export type ToolUseUpdate = ToolProgressUpdate | ToolResultUpdate;

/** The arguments of runToolUse, as an object for the orchestrator. */
export interface ToolUseRequest {
  toolUse: ToolUseBlock;
  assistantMessage?: unknown;
  canUseTool: CanUseTool;
  context: ToolUseContext;
}

/** A terminal outcome a stage may return to end the call early. */
export interface StageOutcome {
  status: Exclude<ToolUseStatus, 'ok'>;
  /** The text the model reads (already wrapped, e.g. in `<tool_use_error>`). */
  content: string;
  errorCode?: CodevErrorCode;
  /** What `call()` threw, when it threw. */
  thrown?: unknown;
  interrupt?: boolean;
  preventContinuation?: boolean;
}

/** The mutable state one call carries through the stages. */
export interface ToolCallState {
  readonly request: ToolUseRequest;
  readonly startedAt: number;
  tool?: Tool;
  /** The parsed input (after hooks and prompts rewrote it). */
  input?: Record<string, unknown>;
  decision?: PermissionDecision;
  /** The tool's own paths as the decision judged them, passed to `call()` (see ToolCallContext.checkedPaths). */
  checkedPaths?: readonly CheckedPath[];
  /** A PreToolUse hook's permission answer. */
  hookDecision?: { behavior: 'allow' | 'deny' | 'ask'; hookName: string; reason?: string };
  output?: unknown;
  block?: ToolResultBlockParam;
  persistedPath?: string;
  additionalContext: string[];
  preventContinuation?: boolean;
  /** Set when `call()` said the user asked to stop the turn. */
  interrupt?: boolean;
  /** The call's `execute_tool` span (a no-op span without an OpenTelemetry SDK). */
  readonly span: Span;
  /** Updates a stage made without waiting (the progress of hooks that answered at once): `runToolUse` yields them right after that stage. */
  updates?: ToolUseUpdate[];
}

/** What a stage ends with: an outcome to end the call, or nothing to go on. */
export type StageResult = StageOutcome | void;

/**
 * One lifecycle stage. A stage that reports progress returns an async generator that yields the updates and
 * returns its result; one that does not returns its result (or a promise of it) directly, so a call pays for
 * no generator where nothing is yielded. `runToolUse` accepts all three.
 */
export type Stage = (state: ToolCallState) => StageResult | Promise<StageResult> | AsyncGenerator<ToolUseUpdate, StageResult, void>;

export type { ToolPermissionContext };
