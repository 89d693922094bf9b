/**
 * The in-process hook contract: tool events here, subagent events in `subagent-hook-types.ts`, the
 * top-level agent's SessionStart, UserPromptSubmit and Stop in `session-hook-types.ts`, PermissionRequest
 * in `permission-request-hook-types.ts`. Types only (and the event lists).
 */
import type { PermissionMode } from '../permissions/types.ts';
import { PERMISSION_HOOK_EVENTS, type PermissionHookEvent, type PermissionHookMap, type PermissionRequestInput } from './permission-request-hook-types.ts';
import { SESSION_HOOK_EVENTS, type SessionHookEvent, type SessionHookInput, type SessionHookMap } from './session-hook-types.ts';
import { SUBAGENT_HOOK_EVENTS, type SubagentHookEvent, type SubagentHookInput, type SubagentHookMap } from './subagent-hook-types.ts';

export type * from './permission-request-hook-types.ts';
export type * from './session-hook-types.ts';
export type * from './subagent-hook-types.ts';

/** The tool events hooks can answer; their matcher tests the tool name. */
export type ToolHookEvent = 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure';

export const TOOL_HOOK_EVENTS: readonly ToolHookEvent[] = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure'];

/** Every event a hook can answer. */
export type HookEvent = ToolHookEvent | PermissionHookEvent | SubagentHookEvent | SessionHookEvent;

export const HOOK_EVENTS: readonly HookEvent[] = [...TOOL_HOOK_EVENTS, ...PERMISSION_HOOK_EVENTS, ...SUBAGENT_HOOK_EVENTS, ...SESSION_HOOK_EVENTS];

/** What every tool hook receives. */
export interface ToolHookInputBase {
  hookEventName: ToolHookEvent;
  toolName: string;
  /** The input as it stands (after earlier hooks' `updatedInput`). */
  toolInput: Record<string, unknown>;
  toolUseId: string;
  cwd: string;
  permissionMode: PermissionMode;
  /** The subagent the call runs in (its agent id); absent for the top-level agent's calls. */
  agentId?: string;
  /** The subagent's type (`subagent_type`); absent for the top-level agent's calls. */
  agentType?: string;
  /** Aborted when the call is interrupted; a hook that has not answered by then is no longer waited for. */
  signal: AbortSignal;
}

/** What a run of hooks needs: the hooks, and the call they see (the hook event aside). */
export interface HookRunOptions extends Omit<ToolHookInputBase, 'hookEventName'> {
  hooks: readonly ToolHook[];
}

export interface PreToolUseInput extends ToolHookInputBase {
  hookEventName: 'PreToolUse';
}

export interface PostToolUseInput extends ToolHookInputBase {
  hookEventName: 'PostToolUse';
  /** The tool's output (`call()`'s data). */
  toolResponse: unknown;
  durationMs: number;
}

export interface PostToolUseFailureInput extends ToolHookInputBase {
  hookEventName: 'PostToolUseFailure';
  error: string;
  isInterrupt: boolean;
  durationMs: number;
}

export type ToolHookInput = PreToolUseInput | PostToolUseInput | PostToolUseFailureInput;

/** What a PreToolUse hook may answer. Every field is optional; `undefined` (or void) means "no opinion". */
export interface PreToolUseOutput {
  /** deny beats ask beats allow across hooks. An allow never overrides a deny or ask rule. */
  decision?: 'allow' | 'deny' | 'ask';
  /** Shown to the model on deny, to the user on ask. */
  reason?: string;
  /** Replaces the whole input for the next hook and the call; validated and rule-checked again. */
  updatedInput?: Record<string, unknown>;
  /** Text the model reads next to the result. */
  additionalContext?: string;
  /** Stop the call; the model reads `stopReason`. */
  stop?: boolean;
  stopReason?: string;
}

/** What a PostToolUse hook may answer. */
export interface PostToolUseOutput {
  additionalContext?: string;
  /** Replaces the tool's output. For built-in and plugin tools it must match `outputSchema`; MCP tools pass through. */
  updatedOutput?: unknown;
  /** Append `reason` to the result as feedback for the model (the output is kept). */
  block?: boolean;
  reason?: string;
  stop?: boolean;
  stopReason?: string;
}

export interface PostToolUseFailureOutput {
  additionalContext?: string;
}

/** The input and output types of each tool event. */
export interface ToolHookMap {
  PreToolUse: { input: PreToolUseInput; output: PreToolUseOutput };
  PostToolUse: { input: PostToolUseInput; output: PostToolUseOutput };
  PostToolUseFailure: { input: PostToolUseFailureInput; output: PostToolUseFailureOutput };
}

/** The input and output types of every event. */
export interface HookMap extends ToolHookMap, PermissionHookMap, SubagentHookMap, SessionHookMap {}

/** What any hook receives. */
export type HookInput = ToolHookInput | PermissionRequestInput | SubagentHookInput | SessionHookInput;

/** A hook handler. May return nothing. */
export type ToolHookHandler<Event extends HookEvent> = (
  input: HookMap[Event]['input'],
) => HookMap[Event]['output'] | void | undefined | Promise<HookMap[Event]['output'] | void | undefined>;

/** A hook as written by its author. */
export interface ToolHookDefinition<Event extends HookEvent = HookEvent> {
  event: Event;
  /**
   * Which tools (tool events, PermissionRequest), agent types (SubagentStart, SubagentStop) or session
   * sources (SessionStart: `startup`): omitted, `''` or `'*'` = all; only `[A-Za-z0-9_-|, ]` = exact names
   * separated by `|` or `,`; anything else is a regular expression, anchored at both ends (so `Edit.*` does
   * not match `NotebookEdit`). UserPromptSubmit and Stop take no matcher: one, if given, is ignored.
   */
  matcher?: string;
  handler: ToolHookHandler<Event>;
  /** Milliseconds. A PreToolUse hook that times out blocks the call; a PermissionRequest hook's leaves the prompt to `canUseTool`. Default 60,000. */
  timeout?: number;
  /** A label for messages and telemetry. Defaults to the plugin name and index. */
  name?: string;
  /**
   * Files that decide what the hook does (a command hook's script, a policy file it reads), absolute:
   * writes to them always ask and the sandbox keeps them read-only, since changing one changes the hook.
   * Command hooks fill it from their command.
   */
  protectedFiles?: readonly string[];
}

/** A normalized hook, made by `defineHook`. */
export interface ToolHook<Event extends HookEvent = HookEvent> {
  readonly event: Event;
  readonly matcher: string;
  /** Method syntax on purpose: a hook of one event must fit in a list of hooks of any event. */
  handler(input: HookMap[Event]['input']): ReturnType<ToolHookHandler<Event>>;
  readonly timeout: number;
  readonly name: string;
  /** See {@link ToolHookDefinition.protectedFiles}; empty when none. */
  readonly protectedFiles: readonly string[];
  /** Tests a tool name (tool events, PermissionRequest), an agent type (subagent events) or a source (SessionStart) against `matcher`. */
  matches(name: string): boolean;
}
