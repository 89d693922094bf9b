import type Anthropic from '@anthropic-ai/sdk';
import type { ToolPermissionContext } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';

/**
 * The `tools` parameter of a request, in pool order. The last built-in carries the prompt-cache breakpoint,
 * so the built-ins' schemas (which never change) are cached apart from plugin and MCP tools (which may).
 */
export async function toApiTools(tools: readonly Tool[], permissionContext: ToolPermissionContext): Promise<Anthropic.ToolUnion[]> {
  const lastBuiltin = tools.map((tool) => tool.source.type).lastIndexOf('builtin');
  return Promise.all(
    tools.map(async (tool, index) => {
      const param: Anthropic.Tool = {
        name: tool.name,
        description: await tool.prompt({ permissionContext, tools }),
        input_schema: tool.jsonSchema as Anthropic.Tool.InputSchema,
      };
      if (tool.strict) param.strict = true;
      if (index === lastBuiltin) param.cache_control = { type: 'ephemeral' };
      return param;
    }),
  );
}
