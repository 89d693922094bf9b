/** A subagent kept in the session, for SendMessage. Types only. */
import type { Span } from '@opentelemetry/api';
import type { AgentCompletedOutput, SubagentActivity } from '../tool/agent-run.ts';

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
  resume(options: { prompt: string; signal: AbortSignal; onActivity?: (activity: SubagentActivity) => void; parentSpan?: Span }): Promise<AgentCompletedOutput>;
}
