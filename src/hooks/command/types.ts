/** Command hooks (Claude Code's protocol): config shapes and results. Types only. */
import type { HookEvent } from '../types.ts';

/** What a command hook does when it fails (a non-zero exit other than 2, a timeout, bad JSON, a spawn error). */
export type CommandHookOnFailure = 'continue' | 'block';

/**
 * One command hook as written in `codev.config.ts` `hooks: [...]`, beside `defineHook(...)` objects.
 *
 * @example
 * { event: 'PreToolUse', matcher: 'Bash', command: './hooks/check.sh', timeout: 30 }
 */
export interface CommandHookConfig {
  event: HookEvent;
  /**
   * Same syntax as `defineHook`'s matcher (exact names, `|` lists, or an anchored regular expression): tool
   * names, agent types for SubagentStart and SubagentStop, the source (`startup`) for SessionStart; ignored
   * for UserPromptSubmit and Stop.
   */
  matcher?: string;
  /** Run with `bash -c` (falling back to `sh -c`) in the project root; the hook input JSON is on stdin. */
  command: string;
  /** Seconds, like Claude Code. Default 600 (30 for UserPromptSubmit). The process group is killed when it runs out. */
  timeout?: number;
  /** `'continue'` (default, as Claude Code): failures are reported and the call proceeds. `'block'`: failures act like exit 2. */
  onFailure?: CommandHookOnFailure;
  /** Optional, for compatibility with Claude Code settings. */
  type?: 'command';
  /** A label for messages. Default `<event>(<matcher>): <command>`. */
  name?: string;
}

/** One handler of Claude Code's settings shape. Only `type: 'command'` is supported. */
export interface ClaudeCodeCommandHandler {
  type: 'command';
  command: string;
  timeout?: number;
  onFailure?: CommandHookOnFailure;
  /** Accepted and ignored (Claude Code shows it while the hook runs). */
  statusMessage?: string;
}

/** One matcher group of Claude Code's settings shape. */
export interface ClaudeCodeMatcherGroup {
  matcher?: string;
  hooks: ClaudeCodeCommandHandler[];
}

/** Claude Code's `hooks` settings block, e.g. copied from `.claude/settings.json`. Only the events codev runs (`HOOK_EVENTS`). */
export type ClaudeCodeHooksSettings = Partial<Record<HookEvent, ClaudeCodeMatcherGroup[]>>;

/** How one run of a hook command ended. */
export interface CommandRunResult {
  /** The exit code; undefined when the process was killed or never started. */
  exitCode?: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Set when the process could not be started. */
  spawnError?: string;
  /** The call was cancelled while the command ran. */
  aborted: boolean;
}
