import type Anthropic from '@anthropic-ai/sdk';
import type { ToolPermissionContext } from '../permissions/types.ts';
import type { PromptOptions, Tool } from '../tool/types.ts';
import { isDeferredTool, type ToolSearchEnv } from '../tool/is-deferred-tool.ts';

/**
 * The `tools` parameter of a request, in the given order. The last built-in (before `cacheBefore`, default
 * the end) carries the prompt-cache breakpoint, so the built-ins' schemas (which never change) are cached
 * apart from plugin, MCP and loaded deferred tools (which may).
 */
export async function toApiTools(
  tools: readonly Tool[],
  permissionContext: ToolPermissionContext,
  options: { cacheBefore?: number } & Omit<PromptOptions, 'permissionContext' | 'tools'> = {},
): Promise<Anthropic.ToolUnion[]> {
  const { cacheBefore, ...promptOptions } = options;
  const lastBuiltin = tools.slice(0, cacheBefore ?? tools.length).map((tool) => tool.source.type).lastIndexOf('builtin');
  return Promise.all(
    tools.map(async (tool, index) => {
      const param: Anthropic.Tool = {
        name: tool.name,
        description: await tool.prompt({ ...promptOptions, permissionContext, tools }),
        input_schema: tool.jsonSchema as Anthropic.Tool.InputSchema,
      };
      if (tool.strict) param.strict = true;
      if (index === lastBuiltin) param.cache_control = { type: 'ephemeral' };
      return param;
    }),
  );
}

/**
 * The tools one request sends: every tool that is not deferred, in pool order, with `toolSearch` right after
 * the last built-in when some tools are deferred (and left out when none are), then the deferred tools
 * loaded so far, in pool order. `cacheBefore` is where the loaded ones start.
 */
export function selectRequestTools(options: {
  pool: readonly Tool[];
  loaded: ReadonlySet<string>;
  toolSearch: Tool;
  env?: ToolSearchEnv;
}): { tools: Tool[]; cacheBefore: number; deferredCount: number } {
  const { pool, loaded, toolSearch, env } = options;
  const upfront: Tool[] = [];
  const later: Tool[] = [];
  let deferredCount = 0;
  for (const tool of pool) {
    if (tool.name === toolSearch.name) continue;
    if (!isDeferredTool(tool, env)) upfront.push(tool);
    else {
      deferredCount++;
      if (loaded.has(tool.name)) later.push(tool);
    }
  }
  if (deferredCount > 0) {
    const search = pool.find((tool) => tool.name === toolSearch.name) ?? toolSearch;
    upfront.splice(upfront.map((tool) => tool.source.type).lastIndexOf('builtin') + 1, 0, search);
  }
  return { tools: [...upfront, ...later], cacheBefore: upfront.length, deferredCount };
}
