/** The Agent tool's output shapes. Types only. */
import type { AgentCompletedOutput } from '../../tool/agent-run.ts';

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
