import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';
import type { CanUseTool } from '../permissions/types.ts';
import type { AskUser } from '../tool/ask-user.ts';
import { configAgentsSchema } from '../agent-types/agent-definition-schema.ts';
import { modelPricesSchema } from '../config/model-prices-schema.ts';
import { modelSettingSchema } from '../config/model-setting-schema.ts';
import { checkpointsSettingSchema } from '../config/checkpoints-setting-schema.ts';
import { instructionsSettingSchema } from '../instructions/instructions-setting.ts';
import { isTool } from '../tool/build-tool.ts';
import { isZodSchema } from '../tool/is-zod-schema.ts';
import type { OutputSchema } from './output/types.ts';
import type { Tool } from '../tool/types.ts';
import type { SessionStore } from '../transcripts/types.ts';
import type { AgentDefinition } from './agent-definition.ts';
import { EFFORT_LEVELS } from './resolve-thinking-params.ts';
import type { Effort } from './types.ts';

/** What `defineAgent` accepts (and `codev run` a script's default export): the agent options a script may set. Unknown keys are errors. */
export const agentDefinitionSchema = lazySchema(() => {
  const count = (minimum: number) => z.number().int().min(minimum);
  const milliseconds = z.number().min(0).max(Number.MAX_SAFE_INTEGER);
  const functionOf = <T>(what: string) => z.custom<T>((value) => typeof value === 'function', { error: `expected a function (${what})` });

  // Every key of AgentDefinition, no more: a new agent option fails to compile until it is validated here.
  const shape = {
    prompt: z.string().optional(),
    tools: z.array(z.custom<Tool>(isTool, { error: 'expected a tool made by buildTool()' })).optional(),
    // An id, or the provider and its settings (as the config's `model`).
    model: modelSettingSchema().optional(),
    system: z.string().optional(),
    maxTurns: count(1).optional(),
    maxTokens: count(1).optional(),
    thinking: z
      .discriminatedUnion('type', [z.strictObject({ type: z.literal('enabled'), budgetTokens: count(1024) }), z.strictObject({ type: z.literal('adaptive') }), z.strictObject({ type: z.literal('disabled') })])
      .optional(),
    effort: z.enum(EFFORT_LEVELS as [Effort, ...Effort[]]).optional(),
    fallbackModel: z.union([z.string().trim().min(1), z.array(z.string().trim().min(1)).min(1)]).optional(),
    maxBudgetUsd: z.number().positive().max(1_000_000).optional(),
    maxQueryTokens: count(1).optional(),
    prices: modelPricesSchema().optional(),
    // Whether it describes an object is checked by createAgent, with the field named.
    outputSchema: z.custom<OutputSchema>((value) => isZodSchema(value) || (typeof value === 'object' && value !== null && !Array.isArray(value)), { error: 'expected a zod schema or a JSON Schema object' }).optional(),
    outputRetries: count(0).max(10).optional(),
    canUseTool: functionOf<CanUseTool>('(tool, input, options) => decision').optional(),
    askUser: functionOf<AskUser>('(questions, { signal }) => answers').optional(),
    apiKey: z.string().min(1).optional(),
    baseURL: z.url().optional(),
    maxRetries: count(0).optional(),
    maxRetryWaitMs: milliseconds.optional(),
    retryBaseDelayMs: milliseconds.optional(),
    streamIdleTimeoutMs: milliseconds.optional(),
    maxToolConcurrency: count(1).max(100).optional(),
    env: z.record(z.string(), z.string().optional()).optional(),
    agents: configAgentsSchema().unwrap().optional(),
    subagentLimits: z.strictObject({ maxDepth: count(0).max(10).optional(), maxConcurrent: count(1).max(100).optional() }).optional(),
    waitForBackgroundAgents: z.boolean().optional(),
    takeQueuedMessages: functionOf<() => readonly string[]>('() => messages').optional(),
    persistSession: z.boolean().optional(),
    promptCaching: z.boolean().optional(),
    instructions: instructionsSettingSchema().optional(),
    compaction: z
      .strictObject({
        auto: z.boolean().optional(),
        threshold: z.number().min(0.1).max(0.95).optional(),
        contextWindow: count(1_000).optional(),
        keepToolResults: count(0).optional(),
        keepRecentMessages: count(1).optional(),
      })
      .optional(),
    checkpoints: checkpointsSettingSchema().optional(),
    sessionStore: z.custom<SessionStore>((value) => typeof value === 'object' && value !== null && ['open', 'read', 'list', 'fork', 'delete'].every((name) => typeof (value as Record<string, unknown>)[name] === 'function'), { error: 'expected a session store (open, read, list, fork, delete)' }).optional(),
  } satisfies Record<keyof AgentDefinition, z.ZodType>;
  return z.strictObject(shape);
});
