/** The subagent hook contract: SubagentStart and SubagentStop. Types only (and the event list). */
import type { PermissionMode } from '../permissions/types.ts';

/** The subagent events hooks can answer; their matcher tests the agent type (`subagent_type`). */
export type SubagentHookEvent = 'SubagentStart' | 'SubagentStop';

export const SUBAGENT_HOOK_EVENTS: readonly SubagentHookEvent[] = ['SubagentStart', 'SubagentStop'];

/** What every subagent hook receives. */
export interface SubagentHookInputBase {
  hookEventName: SubagentHookEvent;
  /** The subagent's id. */
  agentId: string;
  /** The subagent's type (`subagent_type`), which the matcher tests. */
  agentType: string;
  /** The subagent's working directory (its worktree when isolated). */
  cwd: string;
  /** The subagent's permission mode. */
  permissionMode: PermissionMode;
  /** Aborted when the subagent is interrupted; a hook that has not answered by then is no longer waited for. */
  signal: AbortSignal;
}

/** Before the subagent's first model request. */
export interface SubagentStartInput extends SubagentHookInputBase {
  hookEventName: 'SubagentStart';
}

/** Each time the subagent ends its turn (`end_turn`), before its report goes back to the parent. */
export interface SubagentStopInput extends SubagentHookInputBase {
  hookEventName: 'SubagentStop';
  /** True when the subagent is already running on because a SubagentStop hook blocked its stop. */
  stopHookActive: boolean;
  /** The text of the subagent's last turn (its report so far). */
  lastAssistantMessage?: string;
}

export type SubagentHookInput = SubagentStartInput | SubagentStopInput;

/** What a SubagentStart hook may answer. */
export interface SubagentStartOutput {
  /** Text the subagent reads with its prompt, as a `<system-reminder>` after it, before its first turn. */
  additionalContext?: string;
}

/** What a SubagentStop hook may answer. */
export interface SubagentStopOutput {
  /**
   * Keep the subagent going: `reason` is sent to it as its next user message and it runs another turn. At
   * most 8 blocks are honoured per subagent; after that it ends anyway, with a note.
   */
  block?: boolean;
  reason?: string;
}

/** The input and output types of each subagent event. */
export interface SubagentHookMap {
  SubagentStart: { input: SubagentStartInput; output: SubagentStartOutput };
  SubagentStop: { input: SubagentStopInput; output: SubagentStopOutput };
}
