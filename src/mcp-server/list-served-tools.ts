import type { Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types';
import { errorMessage } from '../errors/codev-error.ts';
import type { Generation } from '../kernel/types.ts';
import type { Tool } from '../tool/types.ts';
import { isServedTool } from './served-tools.ts';
import { toMcpTool } from './to-mcp-tool.ts';
import type { CreateMcpServerOptions } from './types.ts';

/** How long one tool's prompt may take to be made before the list goes on without that tool. */
const PROMPT_TIMEOUT_MS = 5_000;

/**
 * The `tools/list` answer of a generation, made once per generation and shared by every session (a
 * generation never changes; a reload makes a new one). A tool whose prompt throws or does not come within
 * 5 s is left out of that generation's list, with a warning: one plugin must not cost the clients every tool.
 */
export function createToolLister(options: Pick<CreateMcpServerOptions, 'tools' | 'onWarning'>): (generation: Generation) => Promise<McpToolInfo[]> {
  const lists = new WeakMap<Generation, Promise<McpToolInfo[]>>();
  return (generation) => {
    let list = lists.get(generation);
    if (!list) {
      const served = generation.tools.filter((tool) => isServedTool(tool, options.tools));
      list = Promise.all(served.map((tool) => listedOrLeftOut({ tool, generation, onWarning: options.onWarning }))).then((tools) => tools.filter((tool) => tool !== undefined));
      lists.set(generation, list);
    }
    return list;
  };
}

async function listedOrLeftOut(options: { tool: Tool; generation: Generation; onWarning: CreateMcpServerOptions['onWarning'] }): Promise<McpToolInfo | undefined> {
  const { tool, generation } = options;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`its prompt did not come within ${PROMPT_TIMEOUT_MS / 1000} s`)), PROMPT_TIMEOUT_MS).unref()));
  try {
    return await Promise.race([toMcpTool(tool, { permissionContext: generation.permissionContext, tools: generation.tools }), late]);
  } catch (error) {
    options.onWarning?.(`${tool.name} is not listed until the next reload: its description could not be made (${errorMessage(error)})`);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
