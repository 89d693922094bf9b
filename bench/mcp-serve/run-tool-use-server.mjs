#!/usr/bin/env node
/**
 * mcp-serve's middle row: codev's tools, each call through `runToolUse` as `codev mcp serve` makes it (a new
 * tool-use context per call carrying the previous one over, asks denied), served by the same plain MCP SDK
 * `Server` as plain-mcp-server.mjs instead of by createMcpServer. What separates it from the plain server is
 * codev's tool lifecycle; what separates codev mcp serve from it is the serving layer (sessions, call limits,
 * elicitation, progress, result meta) and the CLI.
 *
 *   node bench/mcp-serve/run-tool-use-server.mjs <project>    (codev from dist/ when built, else src/ through jiti)
 */
import { existsSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const built = new URL('../../dist/index.js', import.meta.url);
const codev = existsSync(built) ? await import(built.href) : await (await import('jiti')).createJiti(import.meta.url).import(new URL('../../src/index.ts', import.meta.url).href);
const kernel = await codev.createKernel({ cwd: process.argv[2] ?? process.cwd(), env: process.env });
const SERVED = ['Read', 'Bash'];
const denyAsks = async () => ({ behavior: 'deny', message: 'asks are denied here' });

let latest;
let count = 0;
const server = new Server({ name: 'codev-run-tool-use', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: kernel.tools.filter((tool) => SERVED.includes(tool.name)).map((tool) => ({ name: tool.name, description: tool.name, inputSchema: { type: 'object' } })),
}));
server.setRequestHandler(CallToolRequestSchema, async ({ params }, extra) => {
  const context = kernel.createToolUseContext({ signal: extra.signal, carryOver: latest });
  latest = context;
  let result;
  for await (const update of codev.runToolUse({ type: 'tool_use', id: `toolu_bench_${++count}`, name: params.name, input: params.arguments ?? {} }, undefined, denyAsks, context)) {
    if (update.type === 'result') result = update;
  }
  const content = typeof result.block.content === 'string' ? [{ type: 'text', text: result.block.content }] : result.block.content;
  return { content, isError: result.isError };
});
await server.connect(new StdioServerTransport());
