/** The top-level agent's hook contract: UserPromptSubmit and Stop. Types only (and the event list). */
import type { PermissionMode } from '../permissions/types.ts';
import type { ToolHook } from './types.ts';

/** The events of the top-level agent's conversation. They take no matcher: one, if given, is ignored. */
export type SessionHookEvent = 'UserPromptSubmit' | 'Stop';

export const SESSION_HOOK_EVENTS: readonly SessionHookEvent[] = ['UserPromptSubmit', 'Stop'];

/** What every session hook receives. */
export interface SessionHookInputBase {
  hookEventName: SessionHookEvent;
  cwd: string;
  permissionMode: PermissionMode;
  /** Aborted when the query is interrupted. */
  signal: AbortSignal;
}

/** What a run of session hooks needs: the hooks, and the agent they see (the hook event aside). */
export interface SessionHookRunOptions extends Omit<SessionHookInputBase, 'hookEventName'> {
  hooks: readonly ToolHook[];
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

export type SessionHookInput = UserPromptSubmitInput | StopInput;

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
  UserPromptSubmit: { input: UserPromptSubmitInput; output: UserPromptSubmitOutput };
  Stop: { input: StopInput; output: StopOutput };
}
