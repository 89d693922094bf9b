/**
 * What an agent run reports, in the words the tools and the session share: its usage, why it ended, what a
 * running subagent did, and a finished subagent run as the Agent tool and SendMessage return it. Types only.
 */
import type { PermissionMode } from './permission-mode.ts';

/** Token counts, summed over every model request of a query. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
}

/** Why a query ended. `blocked`: a UserPromptSubmit hook refused the prompt, so no model request was made. */
export type EndReason = 'end_turn' | 'max_turns' | 'aborted' | 'error' | 'stopped' | 'max_tokens' | 'refusal' | 'blocked' | 'deferred' | 'max_budget_usd' | 'max_query_tokens' | 'output-invalid';

/** Something a running subagent did, for progress events and a background task's log. */
export type SubagentActivity =
  | { kind: 'tool'; toolName: string; activity: string; toolUseCount: number }
  | { kind: 'tool-result'; toolName: string; isError: boolean; status: string }
  | { kind: 'text'; text: string };

/** A finished subagent run. */
export interface AgentCompletedOutput {
  status: 'completed';
  agentId: string;
  agentType: string;
  name?: string;
  teamName?: string;
  prompt: string;
  /** The report (the text of the agent's last turn). */
  content: { type: 'text'; text: string }[];
  endReason: EndReason;
  totalToolUseCount: number;
  totalDurationMs: number;
  totalTokens: number;
  usage: Usage;
  model: string;
  mode: PermissionMode;
  /** Set with `isolation: "worktree"`. */
  worktree?: { path: string; branch: string; kept: boolean; changedFiles: string[]; commits: number };
  /** Things the caller should know (e.g. a mode that was narrowed). */
  notes: string[];
  /** The subagent's persisted session (kept beside its parent's), when the parent's is persisted. */
  sessionId?: string;
}
