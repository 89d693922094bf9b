/** The tool contract: what a definition may say, and the normalized Tool that buildTool returns. Types only. */
import type { Span } from '@opentelemetry/api';
import type { z } from 'zod';
import type { CodevErrorCode } from '../errors/codes.ts';
import type { OnProgress, ProgressPayload, ToolProgress } from '../progress/types.ts';
import type { AgentScope } from './agent-scope.ts';
import type {
  CanUseTool,
  PermissionResult,
  ToolPermissionContext,
} from '../permissions/types.ts';

/** A JSON Schema object as sent in a tool's `input_schema`. */
export type JSONSchemaObject = { type: 'object'; [key: string]: unknown };

/** A content block inside a tool result, structurally compatible with `@anthropic-ai/sdk`. */
export type ToolResultContentBlock =
  | { type: 'text'; text: string }
  | {
      type: 'image';
      source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };
    }
  | { type: 'document'; source: Record<string, unknown>; title?: string }
  | { type: 'tool_reference'; tool_name: string };

/** A `tool_result` block as sent back to the model. */
export interface ToolResultBlockParam {
  type: 'tool_result';
  tool_use_id: string;
  content: string | ToolResultContentBlock[];
  is_error?: boolean;
}

/** A `tool_use` block as the model sends it. */
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/**
 * What a tool's `validateInput` answers. A refusal's `code` is the stable code of the result (default
 * `INPUT_INVALID`), for refusals a caller must tell apart, such as `FILE_NOT_REGULAR`; `errorCode` is the
 * tool's own number.
 */
export type ValidationResult = { result: true } | { result: false; message: string; errorCode?: number; code?: CodevErrorCode };

/** What a call touches, so path, command and domain rules can match it. */
export type PermissionTarget =
  /**
   * A shell command. `sandboxed`: it runs in codev's sandbox, which keeps the protected paths (codev's
   * config, plugins, hooks, `.git` hooks and config) read-only whatever the command does.
   */
  | { kind: 'command'; command: string; sandboxed?: boolean }
  | { kind: 'path'; path: string; access: 'read' | 'write' }
  | { kind: 'url'; url: string }
  /** A name matched by `Tool(pattern)` rules, e.g. the subagent type for `Agent(Explore)`. */
  | { kind: 'name'; value: string };

/** The context every tool method receives. */
export interface ToolContext {
  /** The working directory of the session. Absolute. */
  cwd: string;
  /** Aborted when the user interrupts. */
  signal: AbortSignal;
  /** The current permission context (modes, rules, extra working directories). */
  permissionContext: ToolPermissionContext;
  /** The current tool pool. */
  tools: readonly Tool[];
  /** The session's folder for persisted results and state. Absolute. */
  sessionDirectory: string;
  /**
   * Where results too large to send are saved, when they must outlive the session folder: a persisted
   * session's own folder (`.codev/sessions/<id>/tool-results`), so its transcript's references still hold
   * when it is resumed. Default: `<sessionDirectory>/tool-results`, removed with the session folder. Absolute.
   */
  resultsDirectory?: string;
  /** The agent the call runs in, set by the agent loop; tools that start subagents (Agent) use it. */
  agent?: AgentScope;
}

/** A path the permission decision judged: as named, and resolved through symlinks as it was then. Absolute. */
export interface CheckedPath {
  access: 'read' | 'write';
  lexical: string;
  real: string;
}

/** The context of `call()`: the tool context plus the call's own handles. */
export interface ToolCallContext<Progress extends ProgressPayload = ToolProgress> extends ToolContext {
  toolUseId: string;
  /**
   * The tool's own paths as the permission decision judged them (set by the call pipeline; absent when
   * `call()` runs without one). File tools check that what they open is still what was judged (see
   * `checkOpenedPath`): a folder swapped for a symlink since must not carry the decision elsewhere.
   */
  checkedPaths?: readonly CheckedPath[];
  /** Report progress; delivered to `runToolUse`'s consumer as a `progress` update. */
  onProgress: OnProgress<Progress>;
  /** For tools that run other tools (Agent, REPL): every inner call must go through permissions too. */
  canUseTool: CanUseTool;
  /** The assistant message that contains this tool_use, when there is one. */
  assistantMessage?: unknown;
  /** The call's OpenTelemetry `execute_tool` span: an agent the call starts (Agent) nests its spans under it. */
  toolSpan?: Span;
}

/** What `call()` returns. */
export interface ToolResult<Output> {
  data: Output;
  /** Extra text the model should read after the result (e.g. a reminder). */
  additionalContext?: readonly string[];
  /**
   * Allow rules (`Bash(git *)`, `Read`) for the rest of the query that made this call, under the `skill`
   * source: a skill's `allowed-tools`. Deny and ask rules, plan mode and the safety checks still apply;
   * an invalid rule is reported as a warning and skipped.
   */
  allowRulesForTurn?: readonly string[];
  /**
   * The user asked to stop the whole turn during this call (e.g. they denied a call the tool made on the
   * model's behalf, with `interrupt`): the agent sends the results and ends the turn, as for a denied call.
   */
  interrupt?: boolean;
}

/** Options passed to the render functions. */
export interface RenderOptions {
  verbose: boolean;
  color: boolean;
}

/** Options passed to `prompt()`. */
export interface PromptOptions {
  permissionContext: ToolPermissionContext;
  tools: readonly Tool[];
  /** The agent the prompt is for, when an agent loop renders it. */
  agent?: AgentScope;
  /** The session's working directory (a subagent's own, such as its worktree), when an agent loop renders it. */
  cwd?: string;
  /** Where `/path` rules and project folders are anchored, when known. */
  projectRoot?: string;
  /** The session's plugin folders, when known. */
  pluginDirectories?: readonly string[];
}

/** Where a tool came from, for `codev tools` and for rule matching of MCP tools. */
export type ToolSource =
  | { type: 'builtin' }
  | { type: 'plugin'; file: string; plugin: string }
  | { type: 'mcp'; server: string; tool: string }
  | { type: 'inline' };

/**
 * A tool definition as written by a tool author. Only `name`, `inputSchema` (or `inputJSONSchema`),
 * `description` and `call` are required; `buildTool` fills the rest with safe defaults.
 */
export interface ToolDefinition<
  Schema extends z.ZodType = z.ZodType,
  Output = unknown,
  Progress extends ProgressPayload = ToolProgress,
> {
  /** The name the model calls, used in rules and hook matchers. Letters, digits, `_` and `-`; at most 64 chars. */
  name: string;
  /** Older names that still resolve to this tool. */
  aliases?: readonly string[];
  /** 3–10 keywords that help ToolSearch find this tool. */
  searchHint?: string;
  /** The zod schema of the input. Its parsed output is what every other method receives. */
  inputSchema: Schema;
  /** A raw JSON Schema sent as-is instead of the one derived from `inputSchema` (MCP tools). */
  inputJSONSchema?: JSONSchemaObject;
  /** The zod schema of `call()`'s data; PostToolUse hook replacements are checked against it. */
  outputSchema?: z.ZodType<Output>;
  /** Runs the tool. Throwing is fine: the call ends in an error result the model can read. */
  call(input: z.output<Schema>, context: ToolCallContext<Progress>): Promise<ToolResult<Output>> | ToolResult<Output>;
  /** A one-line description (string, or a function of the input). */
  description: string | ((input?: z.output<Schema>) => string | Promise<string>);
  /** The text the model sees for this tool. Defaults to the description. */
  prompt?(options: PromptOptions): string | Promise<string>;
  /** False hides the tool from the pool. Default true. */
  isEnabled?(): boolean;
  /** May this call run in parallel with other concurrency-safe calls? Default false. */
  isConcurrencySafe?(input: z.output<Schema>): boolean;
  /** Does this call only read? Default false. */
  isReadOnly?(input: z.output<Schema>): boolean;
  /** Does this call delete, overwrite or send? Default false. */
  isDestructive?(input: z.output<Schema>): boolean;
  /** Hide the schema until ToolSearch loads the tool. Default false. */
  shouldDefer?: boolean;
  /** Never defer this tool. Default false. */
  alwaysLoad?: boolean;
  /** Results longer than this are persisted to disk and replaced by a preview. Default 100,000. */
  maxResultSizeChars?: number;
  /** Ask the API for strict tool use. Default false. */
  strict?: boolean;
  /** The tool's own permission check, after rules. Default: allow with the input unchanged. */
  checkPermissions?(
    input: z.output<Schema>,
    context: ToolContext,
  ): PermissionResult<z.output<Schema>> | Promise<PermissionResult<z.output<Schema>>>;
  /** Checks beyond the schema (file exists, string found, ...). */
  validateInput?(input: z.output<Schema>, context: ToolContext): ValidationResult | Promise<ValidationResult>;
  /** What the call touches, for path, command and domain rules. Default: nothing beyond the tool name. */
  getPermissionTargets?(
    input: z.output<Schema>,
    context: ToolContext,
  ): readonly PermissionTarget[] | Promise<readonly PermissionTarget[]>;
  /** A compact description of the call for the auto-mode classifier. Default '' (skip the classifier). */
  toAutoClassifierInput?(input: z.output<Schema>): string;
  /** On interrupt: 'cancel' aborts the call, 'block' lets it finish. Default 'block'. */
  interruptBehavior?(): 'cancel' | 'block';
  renderToolUseMessage?(input: Partial<z.output<Schema>>, options: RenderOptions): string;
  renderToolResultMessage?(output: Output, options: RenderOptions): string;
  renderToolUseProgressMessage?(progress: readonly Progress[], options: RenderOptions): string;
  /** The label users see. Default: the name. */
  userFacingName?(input?: Partial<z.output<Schema>>): string;
  /** A present-tense phrase for spinners, e.g. "Reading src/index.ts". */
  getActivityDescription?(input: Partial<z.output<Schema>>): string;
  /** Maps `call()`'s data to the `tool_result` block. Default: strings as-is, anything else as JSON. */
  mapToolResultToToolResultBlockParam?(output: Output, toolUseId: string): ToolResultBlockParam;
  /** Set by the MCP adapter. */
  isMcp?: boolean;
  /** Where the tool came from. Set by loaders; defaults to inline. */
  source?: ToolSource;
}

/** A normalized tool: every method present, frozen. Made only by `buildTool`. */
export interface Tool<Input = any, Output = unknown, Progress extends ProgressPayload = ProgressPayload> {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly searchHint?: string;
  readonly inputSchema: z.ZodType<Input>;
  readonly inputJSONSchema?: JSONSchemaObject;
  readonly outputSchema?: z.ZodType<Output>;
  readonly shouldDefer: boolean;
  readonly alwaysLoad: boolean;
  readonly maxResultSizeChars: number;
  readonly strict: boolean;
  readonly isMcp: boolean;
  readonly source: ToolSource;
  call(input: Input, context: ToolCallContext<any>): Promise<ToolResult<Output>>;
  description(input?: Input): Promise<string>;
  prompt(options: PromptOptions): Promise<string>;
  isEnabled(): boolean;
  isConcurrencySafe(input: Input): boolean;
  isReadOnly(input: Input): boolean;
  isDestructive(input: Input): boolean;
  checkPermissions(input: Input, context: ToolContext): Promise<PermissionResult<Input>>;
  validateInput(input: Input, context: ToolContext): Promise<ValidationResult>;
  getPermissionTargets(input: Input, context: ToolContext): Promise<readonly PermissionTarget[]>;
  toAutoClassifierInput(input: Input): string;
  interruptBehavior(): 'cancel' | 'block';
  renderToolUseMessage(input: Partial<Input>, options: RenderOptions): string;
  renderToolResultMessage(output: Output, options: RenderOptions): string;
  renderToolUseProgressMessage(progress: readonly Progress[], options: RenderOptions): string;
  userFacingName(input?: Partial<Input>): string;
  getActivityDescription(input: Partial<Input>): string;
  mapToolResultToToolResultBlockParam(output: Output, toolUseId: string): ToolResultBlockParam;
  /** The JSON Schema sent as `input_schema`: `inputJSONSchema` if given, else derived from `inputSchema`. */
  readonly jsonSchema: JSONSchemaObject;
}

/** A Tool whose input is inferred from a definition's zod schema. */
export type ToolFromDefinition<Definition> =
  Definition extends ToolDefinition<infer Schema, infer Output, infer Progress>
    ? Tool<z.output<Schema>, Output, Progress>
    : never;
