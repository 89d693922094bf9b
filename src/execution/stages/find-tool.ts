import { normalizeToolName } from '../../permissions/rules/legacy-tool-names.ts';
import type { Tool } from '../../tool/types.ts';
import { toolUseError } from '../messages.ts';
import type { Stage } from '../types.ts';

/** Finds a tool by name, then by alias, then by legacy name (`Task` → `Agent`). */
export function findToolByName(tools: readonly Tool[], name: string): Tool | undefined {
  const exact = tools.find((tool) => tool.name === name);
  if (exact) return exact;
  const aliased = tools.find((tool) => tool.aliases.includes(name));
  if (aliased) return aliased;
  const current = normalizeToolName(name);
  return current === name ? undefined : tools.find((tool) => tool.name === current);
}

/** Stage 1: resolve the model's tool name in the current pool. */
export const findTool: Stage = function findTool(state) {
  const { toolUse, context } = state.request;
  const tool = findToolByName(context.tools, toolUse.name);
  if (!tool) {
    return { status: 'not-found', content: toolUseError(`Error: No such tool available: ${toolUse.name}`), errorCode: 'TOOL_NOT_FOUND' };
  }
  state.tool = tool;
};
