/** The top-level agent's hook contract: SessionStart, UserPromptSubmit and Stop. Types only (and the event list). */
import type { PermissionMode } from '../permissions/types.ts';

/**
 * The events of the top-level agent's conversation. SessionStart's matcher tests the source; UserPromptSubmit
 * and Stop take no matcher: one, if given, is ignored.
 */
export type SessionHookEvent = 'SessionStart' | 'UserPromptSubmit' | 'Stop';

export const SESSION_HOOK_EVENTS: readonly SessionHookEvent[] = ['SessionStart', 'UserPromptSubmit', 'Stop'];

/** How a session started. Claude Code also has `resume`, `clear` and `compact`; codev sessions only start fresh. */
export type SessionStartSource = 'startup' | 'resume';

/** What every session hook receives. */
export interface SessionHookInputBase {
  hookEventName: SessionHookEvent;
  cwd: string;
  permissionMode: PermissionMode;
  /** Aborted when the query is interrupted. */
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

export type SessionHookInput = SessionStartInput | UserPromptSubmitInput | StopInput;

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

/** The input and output types of each session event. */
export interface SessionHookMap {
  SessionStart: { input: SessionStartInput; output: SessionStartOutput };
  UserPromptSubmit: { input: UserPromptSubmitInput; output: UserPromptSubmitOutput };
  Stop: { input: StopInput; output: StopOutput };
}
