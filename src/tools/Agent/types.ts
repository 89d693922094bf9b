/** The Agent tool's output shapes. Types only. */
import type { EndReason, Usage } from '../../agent/types.ts';
import type { PermissionMode } from '../../permissions/types.ts';

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
}

/** A subagent started with `run_in_background`. */
export interface AgentLaunchedOutput {
  status: 'async_launched';
  agentId: string;
  agentType: string;
  description: string;
  prompt: string;
  /** Its log and report, as it runs; TaskOutput reads it. */
  outputFile: string;
}

export type AgentOutput = AgentCompletedOutput | AgentLaunchedOutput;
