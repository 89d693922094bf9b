import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';
import { checkRuleToolName } from '../permissions/rules/check-rule-tool-name.ts';
import { BUILTIN_TOOL_NAMES } from '../permissions/rules/known-tool-names.ts';
import { PERMISSION_MODES, type PermissionMode } from '../permissions/types.ts';

/** Agent type names: what the model writes as `subagent_type`. */
export const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

// The schemas' types are written out because the config's agent types are public (`CodevConfig['agents']`):
// JSR needs explicit types on everything a public type reaches (no slow types). They are zod's own schema types,
// so `z.input`/`z.output` give exactly what inference gave; `satisfies` rejects a key missing from or not in them.
type ToolListSchema = z.ZodPipe<z.ZodUnion<readonly [z.ZodArray<z.ZodString>, z.ZodString]>, z.ZodTransform<string[], string | string[]>>;

type AgentDefinitionFieldsShape = {
  description: z.ZodString;
  prompt: z.ZodOptional<z.ZodString>;
  tools: z.ZodOptional<ToolListSchema>;
  disallowedTools: z.ZodOptional<ToolListSchema>;
  model: z.ZodOptional<z.ZodString>;
  permissionMode: z.ZodOptional<z.ZodEnum<{ [Mode in PermissionMode]: Mode }>>;
  maxTurns: z.ZodOptional<z.ZodNumber>;
};

/** The type of `configAgentsSchema`: agent types by name, each with a required `prompt`. */
export type ConfigAgentsSchema = z.ZodDefault<
  z.ZodRecord<z.ZodString, z.ZodObject<z.core.util.Extend<AgentDefinitionFieldsShape, { prompt: z.ZodString }>, z.core.$strict>>
>;

/**
 * The fields of an agent type, as written in the config's `agents` entries and in an agent file's
 * frontmatter (where the body is the prompt). Unknown keys are errors, so a typo is not silently ignored.
 */
export const agentDefinitionFieldsSchema: () => z.ZodObject<AgentDefinitionFieldsShape, z.core.$strict> = lazySchema(() => {
  /** A list of tool names, as a list or a comma-separated string (`Read, Grep, Bash`). */
  const toolList: ToolListSchema = z
    .union([z.array(z.string().min(1)), z.string()])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean))
    // A built-in's name in another case (`bash`) names no tool: the list would silently keep (or drop) nothing.
    .superRefine((names, context) => {
      for (const [index, name] of names.entries()) {
        const problem = checkRuleToolName({ toolName: name.replace(/\(.*$/s, ''), knownNames: BUILTIN_TOOL_NAMES, complete: false });
        if (problem?.severity === 'error') context.addIssue({ code: 'custom', path: [index], message: `RULE_INVALID: ${problem.message}` });
      }
    });

  return z.strictObject({
    description: z.string().trim().min(1, 'describe when to use this agent'),
    prompt: z.string().optional(),
    tools: toolList.optional(),
    disallowedTools: toolList.optional(),
    model: z.string().trim().min(1).optional(),
    permissionMode: z.enum(PERMISSION_MODES as [PermissionMode, ...PermissionMode[]]).optional(),
    maxTurns: z.number().int().min(1).max(1000).optional(),
  } satisfies AgentDefinitionFieldsShape);
});

/** The config's `agents`: agent types by name. */
export const configAgentsSchema: () => ConfigAgentsSchema = lazySchema(() =>
  z
    .record(z.string().regex(AGENT_NAME, 'use letters, digits, ".", "_", ":" or "-" (at most 64)'), agentDefinitionFieldsSchema().extend({ prompt: z.string().min(1, 'give the agent a system prompt') }))
    .default({}),
);
