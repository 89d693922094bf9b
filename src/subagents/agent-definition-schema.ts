import { z } from 'zod';
import { PERMISSION_MODES, type PermissionMode } from '../permissions/types.ts';

/** Agent type names: what the model writes as `subagent_type`. */
export const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** A list of tool names, as a list or a comma-separated string (`Read, Grep, Bash`). */
const toolList = z
  .union([z.array(z.string().min(1)), z.string()])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean));

/**
 * The fields of an agent type, as written in the config's `agents` entries and in an agent file's
 * frontmatter (where the body is the prompt). Unknown keys are errors, so a typo is not silently ignored.
 */
export const agentDefinitionFieldsSchema = z.strictObject({
  description: z.string().trim().min(1, 'describe when to use this agent'),
  prompt: z.string().optional(),
  tools: toolList.optional(),
  disallowedTools: toolList.optional(),
  model: z.string().trim().min(1).optional(),
  permissionMode: z.enum(PERMISSION_MODES as [PermissionMode, ...PermissionMode[]]).optional(),
  maxTurns: z.number().int().min(1).max(1000).optional(),
});

/** The config's `agents`: agent types by name. */
export const configAgentsSchema = z
  .record(z.string().regex(AGENT_NAME, 'use letters, digits, ".", "_", ":" or "-" (at most 64)'), agentDefinitionFieldsSchema.extend({ prompt: z.string().min(1, 'give the agent a system prompt') }))
  .default({});
