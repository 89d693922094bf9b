import { randomBytes } from 'node:crypto';
import { CodevError } from '../../errors/codev-error.ts';
import type { AgentProgress } from '../../progress/types.ts';
import { getSessionState } from '../../session/get-session-state.ts';
import { DEFAULT_AGENT_TYPE } from '../../agent-types/built-in-agents.ts';
import { discoverAgentTypes } from '../../agent-types/discover-agent-types.ts';
import type { AgentTypeDefinition, AgentScope } from '../../tool/agent-scope.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import type { Tool, ToolContext } from '../../tool/types.ts';
import { formatAgentResult } from './format-agent-result.ts';
import { AGENT_DESCRIPTION, buildAgentPrompt } from './prompt.ts';
import { resolveAgentCwd } from './resolve-agent-cwd.ts';
import { startSubagent } from './start-subagent.ts';
import { inputSchema, type AgentInput } from './input-schema.ts';
import type { AgentOutput } from './types.ts';

export type { AgentInput } from './input-schema.ts';

/**
 * The Agent tool: starts a subagent (see `startSubagent`) of a type from `agents/*.md`, the config or the
 * built-ins. Launching does not prompt: each call the subagent makes is checked on its own, against a
 * permission context never wider than this call's (hence `isReadOnly`: in plan mode a subagent is in plan
 * mode too). `Agent(Explore)` rules match the type. Needs an agent loop (`context.agent`).
 */
export function createAgentTool(): Tool<AgentInput, AgentOutput, AgentProgress> {
  return buildBuiltinTool<typeof inputSchema, AgentOutput, AgentProgress>({
    name: 'Agent',
    aliases: ['Task'],
    searchHint: 'subagent delegate parallel task explore plan research worktree background',
    inputSchema,
    description: AGENT_DESCRIPTION,
    async prompt(options) {
      const scope = options.agent;
      const { definitions } = await discoverAgentTypes({ projectRoot: scope?.projectRoot ?? process.cwd(), homeDirectory: scope?.homeDirectory, definitions: scope?.definitions() });
      return buildAgentPrompt(definitions);
    },
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    interruptBehavior: () => 'cancel',
    getPermissionTargets: (input) => [{ kind: 'name', value: input.subagent_type ?? DEFAULT_AGENT_TYPE }],
    toAutoClassifierInput: (input) => `${input.subagent_type ?? DEFAULT_AGENT_TYPE}: ${input.description}`,
    userFacingName: (input) => (input?.subagent_type && input.subagent_type !== DEFAULT_AGENT_TYPE ? input.subagent_type : 'Agent'),
    getActivityDescription: (input) => `Running agent${input.description ? `: ${input.description}` : ''}`,
    renderToolUseMessage: (input) => input.description ?? '',
    async validateInput(input, context) {
      const scope = context.agent;
      if (!scope) return { result: false, message: 'The Agent tool runs only inside an agent loop (createAgent, `codev run`): there is no model to give the subagent.', errorCode: 1 };
      if (scope.depth + 1 > scope.limits.maxDepth) {
        return { result: false, message: `Subagents may nest ${scope.limits.maxDepth} level${scope.limits.maxDepth === 1 ? '' : 's'} deep at most; this agent is at depth ${scope.depth}. Do the task yourself.`, errorCode: 2 };
      }
      const found = await findAgentType({ scope, context, name: input.subagent_type });
      if ('message' in found) return { result: false, message: found.message, errorCode: 3 };
      if (input.cwd) {
        const cwd = await resolveAgentCwd({ cwd: input.cwd, context });
        if ('message' in cwd) return { result: false, message: cwd.message, errorCode: 4 };
      }
      if (input.name && getSessionState(context).tasks.has(input.name)) return { result: false, message: `An agent or task named "${input.name}" already exists in this session; pick another name.`, errorCode: 5 };
      return { result: true };
    },
    async call(input, context) {
      const scope = context.agent!;
      const found = await findAgentType({ scope, context, name: input.subagent_type });
      if ('message' in found) throw new CodevError('AGENT_INVALID', found.message, { field: 'subagent_type' });
      const cwd = input.cwd ? await resolveAgentCwd({ cwd: input.cwd, context }) : { path: context.cwd };
      if ('message' in cwd) throw new CodevError('AGENT_INVALID', cwd.message, { field: 'cwd' });
      const agentId = input.name ?? `a${randomBytes(5).toString('hex')}`;
      return { data: await startSubagent({ input, context, scope, definition: found.definition, agentId, cwd: cwd.path }) };
    },
    mapToolResultToToolResultBlockParam: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: formatAgentResult(output) }),
    renderToolResultMessage: (output) => (output.status === 'async_launched' ? `Started ${output.agentId} in the background` : `Done (${output.totalToolUseCount} tool uses · ${output.totalTokens} tokens · ${(output.totalDurationMs / 1000).toFixed(1)} s)`),
    renderToolUseProgressMessage: (progress) => progress.at(-1)?.message ?? '',
  });
}

async function findAgentType(options: { scope: AgentScope; context: ToolContext & { homeDirectory?: string }; name?: string }): Promise<{ definition: AgentTypeDefinition } | { message: string }> {
  const name = options.name ?? DEFAULT_AGENT_TYPE;
  const { definitions, errors } = await discoverAgentTypes({ projectRoot: options.scope.projectRoot, homeDirectory: options.context.homeDirectory ?? options.scope.homeDirectory, definitions: options.scope.definitions() });
  const definition = definitions.find((candidate) => candidate.name === name);
  if (definition) return { definition };
  const broken = errors.find((error) => error.file?.endsWith(`${name}.md`));
  if (broken) return { message: `Agent type "${name}" could not be loaded: ${broken.message}` };
  return { message: `Unknown agent type "${name}". Available: ${definitions.map((candidate) => candidate.name).join(', ')}` };
}
