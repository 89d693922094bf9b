import { z } from 'zod';
import { buildTool, type Tool } from '../../src/index.ts';

/** MCP-style servers the generated tools are spread over. */
export const MCP_SERVERS = 20;

/**
 * `count` MCP-style tools, `mcp__server<i % 20>__tool<i>`, in the order servers list them (interleaved, not
 * sorted): each with a raw JSON Schema, as the MCP adapter makes them.
 */
export function mcpTools(count: number): Tool[] {
  return Array.from({ length: count }, (_, index) => {
    const server = `server${index % MCP_SERVERS}`;
    return buildTool({
      name: `mcp__${server}__tool${index}`,
      description: `Tool ${index} of ${server}`,
      inputSchema: z.looseObject({}),
      inputJSONSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      isMcp: true,
      source: { type: 'mcp', server, tool: `tool${index}` },
      call: async () => ({ data: 'ok' }),
    });
  });
}

/** Five built-in-like tools, so both halves of the pool (built-ins, then the rest) have work. */
export function builtinLikeTools(): Tool[] {
  return ['Read', 'Bash', 'Grep', 'Edit', 'Glob'].map((name) =>
    buildTool({ name, description: name, inputSchema: z.object({ value: z.string() }), call: async () => ({ data: 'ok' }) }),
  );
}
