/**
 * Run by test/deno/deno.test.ts under Deno: a skill, a subagent and an MCP tool in one agent run. A temporary
 * project holds `skills/greet/SKILL.md` and a config whose `mcpServers` starts the real server-everything
 * over stdio with Node (`CODEV_TEST_NODE`); the fake Messages API routes each conversation by its first
 * message. Prints one JSON line per tool result of the main agent, then one `subagent` line with what the
 * subagent's request carried, and ends on its own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgent, createKernel } from 'codev';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeReply } from 'codev/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const print = (value: unknown) => console.log(JSON.stringify(value));
const node = process.env.CODEV_TEST_NODE;
if (!node) throw new Error('set CODEV_TEST_NODE to a Node.js binary (it runs the MCP server)');

const project = mkdtempSync(path.join(os.tmpdir(), 'codev-deno-subagents-'));
mkdirSync(path.join(project, 'skills', 'greet'), { recursive: true });
writeFileSync(path.join(project, 'skills', 'greet', 'SKILL.md'), '---\ndescription: Greet someone\n---\nSay hello to $ARGUMENTS.\n');
writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
writeFileSync(path.join(project, 'codev.config.json'), JSON.stringify({
  mcpServers: { everything: { command: node, args: [path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'] } },
  permissions: { allow: ['mcp__everything__echo'] },
}));

const MAIN = 'greet, delegate, echo';
const SUB = 'count the files';
const scripts: Record<string, FakeReply[]> = {
  [MAIN]: [
    toolUseReply('Skill', { skill: 'greet', args: 'Deno' }),
    toolUseReply('Agent', { description: 'Count files', prompt: SUB }),
    toolUseReply('ToolSearch', { query: 'select:mcp__everything__echo' }),
    toolUseReply('mcp__everything__echo', { message: 'from deno' }),
    textReply('All done.'),
  ],
  [SUB]: [textReply('There are 3 files.')],
};
const server = await createFakeMessagesServer({
  apiKey: 'deno-test-key',
  script: (request) => {
    const messages = request.body.messages ?? [];
    const first = messages[0]?.content;
    const turn = messages.filter((message) => message.role === 'assistant').length;
    return scripts[String(first)]?.[turn] ?? textReply(`(no script for ${JSON.stringify(first)} turn ${turn})`);
  },
});
const kernel = await createKernel({ cwd: project });
try {
  const agent = createAgent({ kernel, apiKey: 'deno-test-key', baseURL: server.url, maxRetries: 0 });
  for await (const event of agent.query(MAIN)) {
    if (event.type === 'tool-result') print({ type: 'tool-result', toolName: event.toolName, status: event.status, content: event.block.content });
    if (event.type === 'end') print({ type: 'end', reason: event.reason, turns: event.turns });
  }
  await agent.close();
  const sub = server.requests.find((request) => request.body.messages?.[0]?.content === SUB);
  print({ type: 'subagent', system: sub?.body.system, tools: (sub?.body.tools ?? []).map((tool) => ('name' in tool ? tool.name : tool.type)) });
} finally {
  await kernel.close();
  await server.close();
  rmSync(project, { recursive: true, force: true });
}
