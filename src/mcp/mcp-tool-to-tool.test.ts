import { describe, expect, it } from 'vitest';
import type { CanUseTool } from '../permissions/types.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import type { CallToolResult, McpServerConnection } from './connect-mcp-server.ts';
import { mcpToolName, mcpToolToTool } from './mcp-tool-to-tool.ts';

const allow: CanUseTool = () => ({ behavior: 'allow' });
const connection = (result: CallToolResult): Pick<McpServerConnection, 'callTool'> => ({ callTool: async () => result });
const info = { name: 'do.it', inputSchema: { type: 'object' as const, properties: { q: { type: 'string' } } } };

describe('mcpToolToTool', () => {
  it('normalizes names: characters outside [a-zA-Z0-9_-] become _', () => {
    expect(mcpToolName('my server.v2', 'get/thing')).toBe('mcp__my_server_v2__get_thing');
  });

  it('defaults without annotations: not read-only, not concurrency-safe, not destructive; asks in default mode', async () => {
    const tool = mcpToolToTool({ server: 's', tool: info, connection: connection({ content: [{ type: 'text', text: 'ok' }] }) });
    expect([tool.isReadOnly({}), tool.isConcurrencySafe({}), tool.isDestructive({})]).toEqual([false, false, false]);
    expect(tool.jsonSchema).toEqual(info.inputSchema);
    const denied = await runTool({ name: tool.name, context: createTestContext({ tools: [tool] }) });
    expect(denied.result.block.is_error).toBe(true);
    const allowed = await runTool({ name: tool.name, context: createTestContext({ tools: [tool] }), canUseTool: allow });
    expect(resultText(allowed.result)).toBe('ok');
  });

  it('takes _meta["anthropic/maxResultSizeChars"], capped at 500,000', () => {
    const size = (value: unknown) => mcpToolToTool({ server: 's', tool: { ...info, _meta: { 'anthropic/maxResultSizeChars': value } }, connection: connection({ content: [] }) }).maxResultSizeChars;
    expect(size(200_000)).toBe(200_000);
    expect(size(9_000_000)).toBe(500_000);
    expect(size('big')).toBe(100_000);
  });

  it('an isError result is an error result with the server text', async () => {
    const tool = mcpToolToTool({ server: 's', tool: info, connection: connection({ isError: true, content: [{ type: 'text', text: 'no such thing' }] }) });
    const { result, progress } = await runTool({ name: tool.name, context: createTestContext({ tools: [tool] }), canUseTool: allow });
    expect(result.block.is_error).toBe(true);
    expect(resultText(result)).toContain('no such thing');
    expect(progress.map((update) => update.progress.status)).toEqual(['started', 'failed']);
  });

  it('maps resources, links and structured content to text', async () => {
    const tool = mcpToolToTool({
      server: 's',
      tool: info,
      connection: connection({
        content: [
          { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'inside a' } },
          { type: 'resource_link', uri: 'file:///b', name: 'b' },
        ],
      }),
    });
    const { result } = await runTool({ name: tool.name, context: createTestContext({ tools: [tool] }), canUseTool: allow });
    expect(resultText(result)).toBe('inside a\n[Resource link: b file:///b]');
    const structured = mcpToolToTool({ server: 's', tool: info, connection: connection({ content: [], structuredContent: { sum: 3 } }) });
    const second = await runTool({ name: structured.name, context: createTestContext({ tools: [structured] }), canUseTool: allow });
    expect(JSON.parse(resultText(second.result))).toEqual({ sum: 3 });
  });
});
