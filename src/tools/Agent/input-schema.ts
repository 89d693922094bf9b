import { z } from 'zod';
import { DEFAULT_AGENT_TYPE } from '../../agent-types/built-in-agents.ts';
import { PERMISSION_MODES, type PermissionMode } from '../../permissions/types.ts';

const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The Agent tool's parameters. */
export const inputSchema = z.strictObject({
  description: z.string().trim().min(1).describe('A short (3-5 word) description of the task'),
  prompt: z.string().trim().min(1).describe('The task for the agent: complete and self-contained'),
  subagent_type: z.string().trim().min(1).optional().describe(`The agent type to use (default "${DEFAULT_AGENT_TYPE}")`),
  model: z.enum(['sonnet', 'opus', 'haiku', 'inherit']).optional().describe('The model: an alias, or "inherit" (default: the agent type\'s, else yours)'),
  run_in_background: z.boolean().optional().describe('Return at once with a task id; read the result with TaskOutput'),
  name: z.string().regex(AGENT_ID, 'use letters, digits, "_" and "-" (at most 64)').optional().describe('A name for the agent, used as its id and task id'),
  team_name: z.string().trim().min(1).optional().describe('A team label, reported with the result'),
  mode: z.enum(PERMISSION_MODES as [PermissionMode, ...PermissionMode[]]).optional().describe('The permission mode for the agent\'s calls (never more than yours)'),
  isolation: z.enum(['worktree']).optional().describe('"worktree": run in a fresh git worktree so edits do not touch the working copy'),
  cwd: z.string().trim().min(1).optional().describe('The agent\'s working directory, inside the current working directories'),
});

/** The input of an Agent call. */
export type AgentInput = z.output<typeof inputSchema>;
