import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer, type FakeScript } from '../testing/index.ts';
import { buildTool, withToolSource } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent } from './types.ts';
import { createLocationTool } from '../tools/Location/index.ts';
import { createWebSearchTool } from '../tools/WebSearch/index.ts';

const servers: FakeMessagesServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(script: FakeScript) {
  const server = await createFakeMessagesServer({ script, apiKey: 'test-key' });
  servers.push(server);
  return server;
}

async function collect(events: AsyncIterable<AgentEvent>) {
  const list: AgentEvent[] = [];
  for await (const event of events) list.push(event);
  return list;
}

const read = withToolSource(buildTool({ name: 'Read', description: 'Read a file', inputSchema: z.object({ path: z.string() }), isReadOnly: () => true, call: () => ({ data: 'file' }) }), { type: 'builtin' });
// Plugin-style deferred tools: a plugin's shouldDefer tool and MCP tools (deferred by default).
const deploy = withToolSource(
  buildTool({ name: 'DeployPreview', description: 'Deploy a preview environment', searchHint: 'vercel netlify preview deploy', shouldDefer: true, isReadOnly: () => true, inputSchema: z.object({ branch: z.string() }), call: ({ branch }) => ({ data: `deployed ${branch}` }) }),
  { type: 'plugin', file: 'plugins/deploy.ts', plugin: 'deploy' },
);
const mcpTool = (name: string, description: string) =>
  buildTool({ name, description, isMcp: true, isReadOnly: () => true, inputSchema: z.looseObject({}), inputJSONSchema: { type: 'object', properties: { text: { type: 'string' } } }, call: () => ({ data: 'sent' }) });
const slack = mcpTool('mcp__slack__send_message', 'Send a Slack message');
const jira = mcpTool('mcp__jira__create_issue', 'Create a Jira issue');
const pinned = buildTool({ name: 'mcp__docs__lookup', description: 'Look up docs', isMcp: true, alwaysLoad: true, inputSchema: z.looseObject({}), call: () => ({ data: 'docs' }) });
const pool: Tool[] = [read, deploy, slack, jira, pinned];

const sentTools = (server: FakeMessagesServer, index: number) => ((server.requests[index]!.body.tools ?? []) as { name: string; cache_control?: unknown }[]).map((tool) => tool.name);
const allow = () => ({ behavior: 'allow' as const });

describe('deferred tools in the agent loop', () => {
  it('sends deferred tools only after ToolSearch loaded them', async () => {
    const server = await serve([
      toolUseReply('ToolSearch', { query: 'slack message' }),
      toolUseReply('ToolSearch', { query: 'select:DeployPreview' }),
      toolUseReply('mcp__slack__send_message', { text: 'hi' }),
      textReply('done'),
      textReply('again'),
    ]);
    const agent = createAgent({ tools: pool, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: allow, env: {} });
    const events = await collect(agent.query('tell slack'));
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 4 });
    expect(sentTools(server, 0)).toEqual(['Read', 'ToolSearch', 'mcp__docs__lookup']);
    expect(sentTools(server, 1)).toEqual(['Read', 'ToolSearch', 'mcp__docs__lookup', 'mcp__slack__send_message']);
    expect(sentTools(server, 2)).toEqual(['Read', 'ToolSearch', 'mcp__docs__lookup', 'DeployPreview', 'mcp__slack__send_message']);
    // The cache breakpoint stays on ToolSearch (the last built-in before the loaded tools).
    const third = server.requests[2]!.body.tools as { name: string; cache_control?: unknown }[];
    expect(third.filter((tool) => tool.cache_control).map((tool) => tool.name)).toEqual(['ToolSearch']);
    const results = events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => event.type === 'tool-result' && event.status)).toEqual(['ok', 'ok', 'ok']);
    expect(results[0]!.type === 'tool-result' && results[0]!.block.content).toContain('mcp__slack__send_message: Send a Slack message');
    // The next query of the same agent (same session) keeps what was loaded; a new agent starts empty.
    await collect(agent.query('once more'));
    expect(sentTools(server, 4)).toEqual(sentTools(server, 2));
    const again = await serve([textReply('ok')]);
    const second = createAgent({ tools: pool, apiKey: 'test-key', baseURL: again.url, maxRetries: 0, env: {} });
    await collect(second.query('x'));
    expect(sentTools(again, 0)).not.toContain('mcp__slack__send_message');
  });

  it('WebSearch without a backend and Location without a map key are held back: their schemas cost no tokens until loaded', async () => {
    const builtin = <T extends Tool>(tool: T) => withToolSource(tool, { type: 'builtin' });
    const unconfigured = [read, builtin(createWebSearchTool({ env: {} })), builtin(createLocationTool({ env: {} }))];
    const configured = [read, builtin(createWebSearchTool({ env: { SEARXNG_URL: 'http://127.0.0.1:9' } })), builtin(createLocationTool({ env: { GOOGLE_MAPS_API_KEY: 'k' } }))];
    const server = await serve([textReply('a'), textReply('b')]);
    await collect(createAgent({ tools: unconfigured, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} }).query('x'));
    await collect(createAgent({ tools: configured, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} }).query('x'));
    expect(sentTools(server, 0)).toEqual(['Read', 'ToolSearch']);
    expect(sentTools(server, 1)).toEqual(['Read', 'WebSearch', 'Location']);
    expect(JSON.stringify(server.requests[0]!.body.tools).length).toBeLessThan(JSON.stringify(server.requests[1]!.body.tools).length / 2);
  });

  it('a deferred tool called before loading gets the select: hint', async () => {
    const server = await serve([toolUseReply('DeployPreview', { target: 'main' }), textReply('ok')]);
    const events = await collect(createAgent({ tools: pool, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: allow, env: {} }).query('deploy'));
    const result = events.find((event) => event.type === 'tool-result');
    expect(result).toMatchObject({ status: 'invalid-input', isError: true });
    expect(result?.type === 'tool-result' && result.block.content).toContain('select:DeployPreview');
  });

  it('with no deferred tools, or CODEV_TOOL_SEARCH=false, every tool is sent and ToolSearch is not', async () => {
    const server = await serve([textReply('a'), textReply('b')]);
    await collect(createAgent({ tools: [read, pinned], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {} }).query('x'));
    expect(sentTools(server, 0)).toEqual(['Read', 'mcp__docs__lookup']);
    await collect(createAgent({ tools: pool, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: { CODEV_TOOL_SEARCH: 'false' } }).query('x'));
    expect(sentTools(server, 1)).toEqual(['Read', 'DeployPreview', 'mcp__slack__send_message', 'mcp__jira__create_issue', 'mcp__docs__lookup']);
  });
});
