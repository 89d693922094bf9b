import type { Tool } from '../tool/types.ts';
import { isServedTool } from './served-tools.ts';
import type { CreateMcpServerOptions } from './types.ts';

/** What the Anthropic Messages API takes in a tool's name, a ToolSearch `tool_reference` included. */
const API_TOOL_NAME_LENGTH = 64;
/**
 * The longest name served by default: clients call a server's tools `mcp__<server>__<tool>` (Claude Code, codev)
 * and send that to the API as is, so under the server name `codev` the README's configs give, 52 is what is left.
 */
export const DEFAULT_MAX_TOOL_NAME_LENGTH = API_TOOL_NAME_LENGTH - 'mcp__codev__'.length;

/**
 * The `tools` option held to `maxToolNameLength`: a tool whose name is longer is not served (not listed, not
 * callable, denied to inner calls too), since a client that took it would send the model API a name it refuses,
 * a 400 for that request and every later one of the conversation. Each such tool is warned of once.
 */
export function limitServedToolNames(options: Pick<CreateMcpServerOptions, 'tools' | 'maxToolNameLength' | 'onWarning'>): (tool: Tool) => boolean {
  const { tools } = options;
  const max = options.maxToolNameLength ?? DEFAULT_MAX_TOOL_NAME_LENGTH;
  const warned = new Set<string>();
  return (tool) => {
    if (!isServedTool(tool, tools)) return false;
    if (tool.name.length <= max) return true;
    if (!warned.has(tool.name)) {
      warned.add(tool.name);
      options.onWarning?.(
        `${tool.name} is not served: its name has ${tool.name.length} characters, past the ${max} a client can prefix with mcp__codev__ and still send the model API (it takes ${API_TOOL_NAME_LENGTH}); give the tool a shorter name, or set maxToolNameLength`,
      );
    }
    return false;
  };
}
