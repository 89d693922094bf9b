import type { Span } from '@opentelemetry/api';
import { CodevError } from '../../errors/codev-error.ts';
import { getSessionState } from '../../session/get-session-state.ts';
import { acquireSubagentSlot } from '../../subagents/acquire-subagent-slot.ts';
import type { SubagentRecord, SubagentState } from '../../session/subagent-record.ts';
import type { AgentScope } from '../../tool/agent-scope.ts';
import type { AgentCompletedOutput, SubagentActivity } from '../../tool/agent-run.ts';

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
  resumeRun: (options: { prompt: string; signal: AbortSignal; onActivity?: (activity: SubagentActivity) => void; parentSpan?: Span }) => Promise<AgentCompletedOutput>;
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
