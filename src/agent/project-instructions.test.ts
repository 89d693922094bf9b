import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createKernel } from '../index.ts';
import { createTempProject } from '../plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../testing/fake-messages-server/types.ts';
import { buildTool, withToolSource } from '../tool/build-tool.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent, AgentOptions } from './types.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A project with `files` and its own HOME (with `home` files), a kernel over it, and a fake Messages API answering `replies` in turn. */
async function setUp(options: { files?: Record<string, string>; home?: Record<string, string>; config?: Record<string, unknown>; replies?: FakeReply[]; extraTools?: AgentOptions['tools'] }) {
  const project = await createTempProject({ location: 'os-tmpdir', files: { 'package.json': '{ "type": "module" }', 'codev.config.json': JSON.stringify(options.config ?? {}), ...options.files } });
  cleanups.push(() => project.cleanup());
  const home = project.path('.home');
  for (const [relative, text] of Object.entries(options.home ?? {})) {
    mkdirSync(path.dirname(path.join(home, relative)), { recursive: true });
    writeFileSync(path.join(home, relative), text);
  }
  vi.stubEnv('HOME', home);
  const kernel = await createKernel({ cwd: project.root, env: {}, mcp: false, extraTools: options.extraTools });
  cleanups.push(() => kernel.close());
  const replies = [...(options.replies ?? [])];
  const server: FakeMessagesServer = await createFakeMessagesServer({ apiKey: 'k', script: () => replies.shift() ?? textReply('done') });
  cleanups.push(() => server.close());
  const systems = () => server.requests.map((request) => String(request.body.system ?? ''));
  return { project, home, kernel, server, systems };
}

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('project instructions in the system prompt', () => {
  it("sends the user's and the project's files after the agent's own system prompt, with their includes", async () => {
    const { project, kernel, server, systems } = await setUp({ home: { '.codev/CODEV.md': 'Answer in French.' }, files: { 'AGENTS.md': 'Run npm test. @docs/style.md', 'docs/style.md': 'Two spaces.' } });
    const agent = createAgent({ kernel, apiKey: 'k', baseURL: server.url, maxRetries: 0, system: 'You are terse.', persistSession: false });
    const events = await collect(agent.query('hi'));
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
    const [system] = systems();
    expect(system!.startsWith('You are terse.\n\n# Instructions')).toBe(true);
    const order = ['Answer in French.', 'Run npm test.', 'Two spaces.'].map((text) => system!.indexOf(text));
    expect(order.every((index, position) => index > 0 && (position === 0 || index > order[position - 1]!))).toBe(true);
    expect(system).toContain(`Contents of ${project.path('docs/style.md')}`);
    await agent.close();
  });

  it('reads an edited file at the next query, and a file edited during a query at a later turn', async () => {
    let edit = () => {};
    const touch = withToolSource(buildTool({ name: 'Touch', description: 'Edits CODEV.md', inputSchema: z.object({}), isReadOnly: () => true, async call() {
      edit();
      // Past the 250 ms between two checks within a query.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { data: 'edited' };
    } }), { type: 'builtin' });
    const { project, kernel, server, systems } = await setUp({ files: { 'CODEV.md': 'version one' }, replies: [textReply('ok'), toolUseReply('Touch', {}), textReply('done')], extraTools: [touch] });
    const agent = createAgent({ kernel, apiKey: 'k', baseURL: server.url, maxRetries: 0, persistSession: false, canUseTool: () => ({ behavior: 'allow' }) });
    await collect(agent.query('first'));
    await project.write('CODEV.md', 'version two');
    edit = () => writeFileSync(project.path('CODEV.md'), 'version three');
    await collect(agent.query('second'));
    expect(systems().map((system) => /version \w+/.exec(system)?.[0])).toEqual(['version one', 'version two', 'version three']);
    await agent.close();
  });

  it('warns INSTRUCTIONS_SKIPPED for a missing include, once, and goes on', async () => {
    const { project, kernel, server, systems } = await setUp({ files: { 'CODEV.md': 'See @docs/missing.md.' } });
    const agent = createAgent({ kernel, apiKey: 'k', baseURL: server.url, maxRetries: 0, persistSession: false });
    const first = await collect(agent.query('first'));
    const second = await collect(agent.query('second'));
    expect(first.filter((event) => event.type === 'warning')).toEqual([{ type: 'warning', code: 'INSTRUCTIONS_SKIPPED', path: project.path('docs/missing.md'), message: expect.stringContaining(project.path('docs/missing.md')) }]);
    expect(second.some((event) => event.type === 'warning')).toBe(false);
    expect(first.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(systems()[1]).toContain('See @docs/missing.md.');
  });

  it('is turned off by the config, by a source setting, or by the agent option; a standalone agent reads none unless asked', async () => {
    const files = { 'CODEV.md': 'codev rules', 'CLAUDE.md': 'claude rules' };
    const off = await setUp({ files, config: { instructions: false } });
    const byConfig = createAgent({ kernel: off.kernel, apiKey: 'k', baseURL: off.server.url, maxRetries: 0, persistSession: false });
    await collect(byConfig.query('hi'));
    expect(off.systems()).toEqual(['']);

    const on = await setUp({ files, config: { instructions: { sources: { claude: false } } } });
    await collect(createAgent({ kernel: on.kernel, apiKey: 'k', baseURL: on.server.url, maxRetries: 0, persistSession: false }).query('hi'));
    await collect(createAgent({ kernel: on.kernel, apiKey: 'k', baseURL: on.server.url, maxRetries: 0, persistSession: false, instructions: false }).query('hi'));
    expect(on.systems()[0]).toContain('codev rules');
    expect(on.systems()[0]).not.toContain('claude rules');
    expect(on.systems()[1]).toBe('');

    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(on.project.root);
    try {
      await collect(createAgent({ tools: [], apiKey: 'k', baseURL: on.server.url, maxRetries: 0 }).query('hi'));
      await collect(createAgent({ tools: [], apiKey: 'k', baseURL: on.server.url, maxRetries: 0, instructions: true }).query('hi'));
    } finally {
      cwd.mockRestore();
    }
    expect(on.systems()[2]).toBe('');
    expect(on.systems()[3]).toContain('claude rules');
  });
});
