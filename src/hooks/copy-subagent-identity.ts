import type { ToolHookInputBase } from './types.ts';

type SubagentIdentity = Pick<ToolHookInputBase, 'agentId' | 'agentType'>;

/** The `agentId` and `agentType` of a hook run, only those that are set, for the input each hook receives. */
export function copySubagentIdentity(options: SubagentIdentity): SubagentIdentity {
  const identity: SubagentIdentity = {};
  if (options.agentId !== undefined) identity.agentId = options.agentId;
  if (options.agentType !== undefined) identity.agentType = options.agentType;
  return identity;
}
