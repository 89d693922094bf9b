import { CodevError } from '../../errors/codev-error.ts';
import { getSessionState } from '../../session/get-session-state.ts';
import { acquireSubagentSlot } from '../../subagents/acquire-subagent-slot.ts';
import type { SubagentActivity } from '../../subagents/create-subagent-runner.ts';
import type { AgentScope } from '../../tool/agent-scope.ts';
import type { AgentCompletedOutput } from './types.ts';

/** How a subagent of the session stands, for SendMessage. */
export type SubagentState = 'running' | 'idle' | 'gone';

/** A subagent the agent that started it can go on with (SendMessage), kept in the session. */
export interface SubagentRecord {
  readonly agentId: string;
  readonly agentType: string;
  readonly description: string;
  /** The agent that started it (`main` or a subagent's id); only that agent may message it. */
  readonly owner: string;
  state(): SubagentState;
  /** Queues a message for the subagent while it runs (it reads it after its current step). False when it is not running. */
  send(message: string): boolean;
  /**
   * Goes on with its conversation: `prompt` is its next user message, and it runs to the end of its turn.
   * Throws `AGENT_BUSY` while it runs, `AGENT_NOT_FOUND` once it is gone (its worktree was removed), and
   * `AGENT_LIMIT` when the agent tree has no free slot.
   */
  resume(options: { prompt: string; signal: AbortSignal; onActivity?: (activity: SubagentActivity) => void }): Promise<AgentCompletedOutput>;
}

/** The handle its starter keeps: it says when the first run ended. */
export interface SubagentRegistration {
  ended(): void;
}

/**
 * Adds a subagent to the session's `subagents` (it starts as `running`), so SendMessage can find it.
 * `resumeRun` goes on with its conversation; the record takes the slot and tracks the state around it.
 * After each run, `goneReason` says why it cannot go on, if it cannot.
 */
export function registerSubagent(options: {
  sessionDirectory: string;
  agentId: string;
  agentType: string;
  description: string;
  owner: string;
  scope: Pick<AgentScope, 'slots' | 'limits'>;
  resumeRun: (options: { prompt: string; signal: AbortSignal; onActivity?: (activity: SubagentActivity) => void }) => Promise<AgentCompletedOutput>;
  goneReason: () => string | undefined;
  /** Hands a message to the running subagent; false when it has ended or is ending. */
  send: (message: string) => boolean;
}): SubagentRegistration {
  let state: SubagentState = 'running';
  let goneReason: string | undefined;
  const record: SubagentRecord = {
    agentId: options.agentId,
    agentType: options.agentType,
    description: options.description,
    owner: options.owner,
    state: () => state,
    send: options.send,
    async resume(resumeOptions) {
      if (state === 'running') throw new CodevError('AGENT_BUSY', `Agent ${options.agentId} is still running; wait for its result (TaskOutput) before sending it more, or stop it with TaskStop.`);
      if (state === 'gone') throw new CodevError('AGENT_NOT_FOUND', `Agent ${options.agentId} cannot go on: ${goneReason}. Start a new agent instead.`);
      acquireSubagentSlot(options.scope);
      state = 'running';
      try {
        return await options.resumeRun(resumeOptions);
      } finally {
        registration.ended();
        options.scope.slots.release();
      }
    },
  };
  const registration: SubagentRegistration = {
    ended() {
      goneReason = options.goneReason();
      state = goneReason ? 'gone' : 'idle';
    },
  };
  getSessionState({ sessionDirectory: options.sessionDirectory }).subagents.set(options.agentId, record);
  return registration;
}
