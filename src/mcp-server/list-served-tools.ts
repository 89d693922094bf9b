import type { Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types';
import type { Generation } from '../kernel/types.ts';
import { isServedTool } from './served-tools.ts';
import { toMcpTool } from './to-mcp-tool.ts';
import type { CreateMcpServerOptions } from './types.ts';

/**
 * The `tools/list` answer of a generation, made once per generation and shared by every session (a
 * generation never changes; a reload makes a new one).
 */
export function createToolLister(tools: CreateMcpServerOptions['tools']): (generation: Generation) => Promise<McpToolInfo[]> {
  const lists = new WeakMap<Generation, Promise<McpToolInfo[]>>();
  return (generation) => {
    let list = lists.get(generation);
    if (!list) {
      const served = generation.tools.filter((tool) => isServedTool(tool, tools));
      list = Promise.all(served.map((tool) => toMcpTool(tool, { permissionContext: generation.permissionContext, tools: generation.tools })));
      // A prompt that failed is tried again at the next list, not remembered.
      list.catch(() => lists.delete(generation));
      lists.set(generation, list);
    }
    return list;
  };
}
