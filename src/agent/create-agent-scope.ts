import type Anthropic from '@anthropic-ai/sdk';
import type { Kernel } from '../kernel/types.ts';
import type { ModelProvider } from '../model/providers/types.ts';
import { MAIN_AGENT_ID } from '../tool/agent-id-of.ts';
import { createSubagentSlots } from '../subagents/create-subagent-slots.ts';
import { createSpending } from './create-spending.ts';
import type { AgentTypeDefinition, AgentScope, RequestPolicy, SubagentLimits } from '../tool/agent-scope.ts';
import type { AgentOptions, AgentTypeOptions } from './types.ts';

export const DEFAULT_SUBAGENT_LIMITS: SubagentLimits = Object.freeze({ maxDepth: 3, maxConcurrent: 20 });

/**
 * The scope an agent's tool calls run in. A subagent shares its parent's limits, slots, project and agent
 * types and sits one level deeper; the project is the one its tool contexts name. A top-level agent takes them from its options, then the kernel's config.
 */
export function createAgentScope(options: {
  agentOptions: AgentOptions & { kernel?: Kernel };
  client: Anthropic;
  provider?: ModelProvider;
  model: string;
  env: Readonly<Record<string, string | undefined>>;
  requestPolicy?: RequestPolicy;
  fallbackModels?: readonly string[];
  /** The first tool context's project root (or cwd). */
  projectRoot: string;
  homeDirectory?: string;
}): AgentScope {
  const { agentOptions, client, model, env } = options;
  const { kernel, subagent } = agentOptions;
  const parent = subagent?.parent;
  const limits = parent?.limits ?? {
    maxDepth: agentOptions.subagentLimits?.maxDepth ?? kernel?.config.subagents.maxDepth ?? DEFAULT_SUBAGENT_LIMITS.maxDepth,
    maxConcurrent: agentOptions.subagentLimits?.maxConcurrent ?? kernel?.config.subagents.maxConcurrent ?? DEFAULT_SUBAGENT_LIMITS.maxConcurrent,
  };
  return Object.freeze({
    agentId: subagent?.agentId ?? MAIN_AGENT_ID,
    agentType: subagent?.agentType,
    depth: parent ? parent.depth + 1 : 0,
    client,
    ...(options.provider && { provider: options.provider }),
    model,
    maxTokens: agentOptions.maxTokens,
    fallbackModels: options.fallbackModels,
    env,
    requestPolicy: parent?.requestPolicy ?? options.requestPolicy,
    limits,
    slots: parent?.slots ?? createSubagentSlots(limits.maxConcurrent),
    spending: parent ? parent.spending.child() : createSpending([agentOptions.prices, kernel?.config.prices]),
    projectRoot: options.projectRoot,
    homeDirectory: options.homeDirectory,
    // The user answers only the top-level agent: a subagent's questions would reach them out of context.
    askUser: subagent ? undefined : agentOptions.askUser,
    definitions: parent?.definitions ?? (() => [...toDefinitions(agentOptions.agents, 'sdk'), ...toDefinitions(kernel?.config.agents, 'config')]),
  });
}

/** The provider of an agent's scope: the whole `ModelProvider` createAgentScope put there (the scope's type names the part tools use). */
export function scopeModelProvider(scope: AgentScope): ModelProvider | undefined {
  return scope.provider as ModelProvider | undefined;
}

function toDefinitions(entries: Readonly<Record<string, AgentTypeOptions>> | undefined, source: 'sdk' | 'config'): AgentTypeDefinition[] {
  return Object.entries(entries ?? {}).map(([name, fields]) => Object.freeze({ ...fields, name, source }));
}
