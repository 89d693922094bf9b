/** The top-level agent's hook contract: SessionStart, UserPromptSubmit, Stop, PreCompact, PostCompact, SessionEnd, PreRewind and PostRewind. Types only (and the event list). */
import type { PermissionMode } from '../permissions/types.ts';

/**
 * The events of the top-level agent's conversation. SessionStart's matcher tests the source, PreCompact's
 * and PostCompact's the trigger; UserPromptSubmit and Stop take no matcher: one, if given, is ignored.
 */
export type SessionHookEvent = 'SessionStart' | 'UserPromptSubmit' | 'Stop' | 'PreCompact' | 'PostCompact' | 'SessionEnd' | 'PreRewind' | 'PostRewind';

export const SESSION_HOOK_EVENTS: readonly SessionHookEvent[] = ['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact', 'PostCompact', 'SessionEnd', 'PreRewind', 'PostRewind'];

/**
 * How a session started: fresh, a persisted session resumed, or going on after a compaction (the hooks'
 * context then joins the summary). (Claude Code also has `clear`.)
 */
export type SessionStartSource = 'startup' | 'resume' | 'compact';

/**
 * Why the conversation is compacted: `auto` (it passed the threshold of the context window), `overflow` (the
 * API answered "prompt is too long") or `manual` (`agent.compact()`).
 */
export type CompactTrigger = 'auto' | 'overflow' | 'manual';

/** What every session hook receives. */
export interface SessionHookInputBase {
  hookEventName: SessionHookEvent;
  cwd: string;
  permissionMode: PermissionMode;
  /** Aborted when the query is interrupted; a hook that has not answered by then is no longer waited for. */
  signal: AbortSignal;
}

/** Once per agent, at its first `agent.query(prompt)`, before the UserPromptSubmit hooks. */
export interface SessionStartInput extends SessionHookInputBase {
  hookEventName: 'SessionStart';
  /** What the matcher tests. */
  source: SessionStartSource;
  /** The agent's model id. */
  model?: string;
}

/** Before a prompt of `agent.query(prompt)` is sent to the model. */
export interface UserPromptSubmitInput extends SessionHookInputBase {
  hookEventName: 'UserPromptSubmit';
  /** The prompt as the user wrote it. */
  prompt: string;
}

/** Each time the agent is about to end its query because the model ended its turn (`end_turn`). */
export interface StopInput extends SessionHookInputBase {
  hookEventName: 'Stop';
  /** True when the agent is already running on because a Stop hook blocked its stop in this query. */
  stopHookActive: boolean;
  /** The text of the model's last turn. */
  lastAssistantMessage?: string;
}

/** Before the conversation is compacted; the matcher tests the trigger. */
export interface PreCompactInput extends SessionHookInputBase {
  hookEventName: 'PreCompact';
  trigger: CompactTrigger;
  /** The instructions given to `agent.compact(instructions)`, if any. */
  customInstructions?: string;
  /** The estimated size of the conversation before, in tokens. */
  tokensBefore: number;
}

/** After the conversation was compacted; the matcher tests the trigger. */
export interface PostCompactInput extends SessionHookInputBase {
  hookEventName: 'PostCompact';
  trigger: CompactTrigger;
  tokensBefore: number;
  tokensAfter: number;
  /** The summary that replaced the older messages; absent when clearing old tool results was enough. */
  summary?: string;
}

/** When a top-level agent that ran a query is closed (`agent.close()`, which `codev run` calls at its end). */
export interface SessionEndInput extends SessionHookInputBase {
  hookEventName: 'SessionEnd';
  /** Why: `close` (the agent was closed). */
  reason: 'close';
}

/** Before a rewind (`agent.rewind`, `codev rewind`) changes anything; takes no matcher. */
export interface PreRewindInput extends SessionHookInputBase {
  hookEventName: 'PreRewind';
  /** The session rewound. */
  sessionId: string;
  /** The checkpoint gone back to. */
  turn: number;
  /** Whether the files go back, and the conversation. */
  files: boolean;
  conversation: boolean;
  /** The files the rewind would change (relative to their working directory, absolute with several). */
  changes: string[];
}

/** After a rewind; takes no matcher. */
export interface PostRewindInput extends SessionHookInputBase {
  hookEventName: 'PostRewind';
  sessionId: string;
  turn: number;
  files: boolean;
  conversation: boolean;
  /** The files changed, and those left as they were (conflicts kept, large files whose content is gone). */
  restored: string[];
  kept: string[];
  /** The session the conversation goes on in, when it went back. */
  forkedSessionId?: string;
}

export type SessionHookInput = SessionStartInput | UserPromptSubmitInput | StopInput | PreCompactInput | PostCompactInput | SessionEndInput | PreRewindInput | PostRewindInput;

/** What a SessionStart hook may answer. */
export interface SessionStartOutput {
  /** Text the model reads with the first prompt, as a `<system-reminder>` after it (before the UserPromptSubmit context). */
  additionalContext?: string;
}

/** What a UserPromptSubmit hook may answer. */
export interface UserPromptSubmitOutput {
  /**
   * Refuse the prompt: it is not sent to the model nor kept in the transcript, the query yields a
   * `prompt-blocked` event with `reason` (for the user) and ends with reason `'blocked'`.
   */
  block?: boolean;
  reason?: string;
  /** Text the model reads with the prompt, as a `<system-reminder>` after it. */
  additionalContext?: string;
}

/** What a Stop hook may answer. */
export interface StopOutput {
  /**
   * Keep the agent going: `reason` is sent as the next user message and the model runs another turn (it
   * counts against `maxTurns`). At most 8 blocks in a row are honoured; after that the agent ends anyway, with a warning.
   */
  block?: boolean;
  reason?: string;
  /** End now, whatever other Stop hooks answer: wins over a block. */
  stop?: boolean;
}

/** What a PreCompact hook may answer. */
export interface PreCompactOutput {
  /** More instructions for the summary (what to keep), added to the compaction prompt. */
  instructions?: string;
}

/** What a PreRewind hook may answer. */
export interface PreRewindOutput {
  /** Refuse the rewind: nothing is changed, and it fails with `REWIND_BLOCKED` and `reason`. */
  block?: boolean;
  reason?: string;
}

/** The input and output types of each session event. */
export interface SessionHookMap {
  SessionStart: { input: SessionStartInput; output: SessionStartOutput };
  UserPromptSubmit: { input: UserPromptSubmitInput; output: UserPromptSubmitOutput };
  Stop: { input: StopInput; output: StopOutput };
  PreCompact: { input: PreCompactInput; output: PreCompactOutput };
  PostCompact: { input: PostCompactInput; output: void };
  SessionEnd: { input: SessionEndInput; output: void };
  PreRewind: { input: PreRewindInput; output: PreRewindOutput };
  PostRewind: { input: PostRewindInput; output: void };
}
