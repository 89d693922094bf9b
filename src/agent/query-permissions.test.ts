import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKernel } from '../index.ts';
import type { Kernel } from '../kernel/types.ts';
import type { CanUseTool } from '../permissions/types.ts';
import { createTempProject, type TempProject } from '../plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../testing/fake-messages-server/types.ts';
import { buildTool, withToolSource } from '../tool/build-tool.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent } from './types.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A tool that changes things, so the default mode asks before each call. */
const poke = withToolSource(
  buildTool({ name: 'Poke', description: 'Pokes something', inputSchema: z.object({ target: z.string() }), checkPermissions: () => ({ behavior: 'passthrough' }), call: ({ target }) => ({ data: `poked ${target}` }) }),
  { type: 'builtin' },
);

/** A fake Messages API answering by the first user message of each conversation (one script per query). */
async function serve(scripts: Record<string, FakeReply[]>): Promise<FakeMessagesServer> {
  const server = await createFakeMessagesServer({
    apiKey: 'test-key',
    script: (request) => {
      const messages = request.body.messages ?? [];
      const lastPrompt = [...messages].reverse().find((message) => message.role === 'user' && typeof message.content === 'string');
      const key = String(lastPrompt?.content);
      const since = messages.length - 1 - messages.lastIndexOf(lastPrompt!);
      return scripts[key]?.[Math.ceil(since / 2)] ?? textReply(`(no script for "${key}")`);
    },
  });
  cleanups.push(() => server.close());
  return server;
}

async function kernelFor(files: Record<string, string>, config: Record<string, unknown> = {}): Promise<Kernel> {
  const project: TempProject = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'codev.config.json': JSON.stringify(config), ...files } });
  const kernel = await createKernel({ cwd: project.root, env: {}, mcp: false, extraTools: [poke] });
  cleanups.push(() => project.cleanup(), () => kernel.close());
  return kernel;
}

async function statuses(events: AsyncIterable<AgentEvent>): Promise<string[]> {
  const seen: string[] = [];
  for await (const event of events) if (event.type === 'tool-result') seen.push(`${event.toolName}:${event.status}`);
  return seen;
}

const DEPLOY_SKILL = '---\ndescription: Deploy things\nallowed-tools: Poke\n---\nPoke the target.\n';

describe('permissions across the queries of one agent', () => {
  it('a rule the user allowed for the session still holds in the next query', async () => {
    const kernel = await kernelFor({});
    const server = await serve({ first: [toolUseReply('Poke', { target: 'a' }), textReply('done')], second: [toolUseReply('Poke', { target: 'b' }), textReply('done')] });
    const asked: string[] = [];
    const canUseTool: CanUseTool = (tool, input) => {
      asked.push(`${tool.name}:${(input as { target: string }).target}`);
      return { behavior: 'allow', updatedPermissions: [{ type: 'addRules', behavior: 'allow', destination: 'session', rules: ['Poke'] }] };
    };
    const agent = createAgent({ kernel, canUseTool, apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    expect(await statuses(agent.query('first'))).toEqual(['Poke:ok']);
    expect(await statuses(agent.query('second'))).toEqual(['Poke:ok']);
    expect(asked).toEqual(['Poke:a']);
  });

  it("a skill's allowed-tools run without asking for the rest of its query, and ask again in the next", async () => {
    const kernel = await kernelFor({ 'skills/deploy/SKILL.md': DEPLOY_SKILL });
    const server = await serve({
      deploy: [toolUseReply('Skill', { skill: 'deploy' }), toolUseReply('Poke', { target: 'a' }), textReply('done')],
      again: [toolUseReply('Poke', { target: 'b' }), textReply('done')],
    });
    const asked: string[] = [];
    const canUseTool: CanUseTool = (tool, input) => {
      asked.push(`${tool.name}:${(input as { target?: string }).target ?? ''}`);
      return { behavior: 'deny', message: 'no' };
    };
    const agent = createAgent({ kernel, canUseTool, apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    expect(await statuses(agent.query('deploy'))).toEqual(['Skill:ok', 'Poke:ok']);
    expect(asked).toEqual([]);
    expect(await statuses(agent.query('again'))).toEqual(['Poke:denied']);
    expect(asked).toEqual(['Poke:b']);
  });

  it("an ask rule still asks after a skill's allowed-tools, and a blanket deny keeps the tool out", async () => {
    const kernel = await kernelFor({ 'skills/deploy/SKILL.md': DEPLOY_SKILL }, { permissions: { ask: ['Poke'] } });
    const server = await serve({ deploy: [toolUseReply('Skill', { skill: 'deploy' }), toolUseReply('Poke', { target: 'a' }), textReply('done')] });
    const asked: string[] = [];
    const agent = createAgent({ kernel, canUseTool: (tool) => (asked.push(tool.name), { behavior: 'deny', message: 'no' }), apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    expect(await statuses(agent.query('deploy'))).toEqual(['Skill:ok', 'Poke:denied']);
    expect(asked).toEqual(['Poke']);

    const denying = await kernelFor({ 'skills/deploy/SKILL.md': DEPLOY_SKILL }, { permissions: { deny: ['Poke'] } });
    const denied = createAgent({ kernel: denying, canUseTool: () => ({ behavior: 'allow' }), apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    expect(await statuses(denied.query('deploy'))).toEqual(['Skill:ok', 'Poke:not-found']);
  });
});
