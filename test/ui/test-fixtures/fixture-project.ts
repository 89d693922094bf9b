/**
 * Test-only: a project whose sessions were written by real agents (createAgent over the fake Messages API) with
 * what the UI must show: text, thinking, a Read, an Edit (a diff), a Bash denied by a rule, TodoWrite, a subagent,
 * a retry (529 once), a compaction, and a forked session; plus a plugin tool in its pool.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createAgent } from '../../../src/agent/create-agent.ts';
import type { AgentEvent, AgentOptions } from '../../../src/agent/types.ts';
import { createTestKernel, type TestKernel } from '../../../src/testing/create-test-kernel.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer, type FakeReply } from '../../../src/testing/index.ts';

const REPOSITORY = path.resolve(import.meta.dirname, '../../..');

/** The first prompt (and so the title) of each fixture session. */
export const TITLES = {
  main: 'Fix the greeting in hello.txt',
  other: 'Summarize the project layout',
  fork: 'Fix the greeting in hello.txt',
  live: 'Watch this session grow',
} as const;

/** The subagent's task (its own session's first prompt). */
export const SUBAGENT_PROMPT = 'Look for other greetings';

/** What the thinking block of the main session says. */
export const THINKING_TEXT = 'The greeting has a typo; read the file first.';

/** A plugin tool of the project, to see in the tools page. */
export const PLUGIN_TOOL = 'Shout';

/** A result longer than a preview, for "Show all". */
export const LONG_LINE_COUNT = 400;

const PLUGIN = (name: string) => `import { z } from 'zod';
import { buildTool } from 'codev/plugin';
export default buildTool({
  name: '${name}',
  description: 'Says a text loudly',
  inputSchema: z.object({ text: z.string() }),
  isReadOnly: () => true,
  call: async ({ text }) => ({ data: text.toUpperCase() }),
});
`;

/** The plugin file of a tool named `name` (to write one more while the UI runs: hot reload). */
export const pluginSource = PLUGIN;

/** A fixture project: its folder, its kernel, the fake model, the ids of its sessions, and how to add to one. */
export interface FixtureProject {
  root: string;
  server: FakeMessagesServer;
  sessions: { main: string; other: string; fork: string; live: string; subagents: string[] };
  /** Runs one more query in the `live` session with `reply` as the model's answer (the session grows). */
  appendToLive(prompt: string, reply: FakeReply[]): Promise<void>;
  cleanup(): Promise<void>;
}

/** Builds the project and runs its agents (a few seconds). Its folder is inside the repo's node_modules/.cache, so that plugins resolve `zod` and `codev/plugin`. */
export async function createFixtureProject(): Promise<FixtureProject> {
  let replies: FakeReply[] = [];
  const server = await createFakeMessagesServer({
    apiKey: 'test-key',
    script: (request) => {
      const first = request.body.messages?.[0]?.content;
      const firstText = typeof first === 'string' ? first : JSON.stringify(first ?? '');
      // The subagent's own requests: one answer, whatever the main script is at.
      if (firstText.includes(SUBAGENT_PROMPT)) return textReply('Found one more greeting, in README.md.');
      // A fleet job's requests (the worker's model is this server too): ask for a write, then end.
      const parking = firstText.match(/write the report file (report-\d+)/);
      if (parking) {
        const name = parking[1]!;
        return request.body.messages!.length === 1 ? toolUseReply('Bash', { command: `touch ${name}.txt && echo wrote ${name}` }, { id: `toolu_${name.replace('-', '_')}` }) : textReply(`The report ${name} is written.`);
      }
      return replies.shift() ?? textReply('(no reply scripted)');
    },
  });
  let test: TestKernel | undefined;
  try {
    test = await createTestKernel({
      mcp: false,
      directory: path.join(REPOSITORY, 'node_modules/.cache'),
      files: {
        'codev.config.ts': "export default { permissions: { allow: ['Read', 'Edit', 'TodoWrite', 'Agent', 'Shout'], deny: ['Bash(curl:*)'] } };\n",
        'hello.txt': 'Helo, world!\n',
        'agent.ts': "export default { system: 'You write reports.' };\n",
        'long.txt': Array.from({ length: LONG_LINE_COUNT }, (_, index) => `line ${index + 1} of a long file`).join('\n') + '\n',
        [`plugins/${PLUGIN_TOOL.toLowerCase()}.ts`]: PLUGIN(PLUGIN_TOOL),
      },
    });
    const kernel = test.kernel;
    const root = test.root;
    const agentOf = (options: AgentOptions = {}) => createAgent({ kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, ...options });
    const run = async (agent: ReturnType<typeof agentOf>, prompt: string, script: FakeReply[]) => {
      replies = [...script];
      const events: AgentEvent[] = [];
      for await (const event of agent.query(prompt)) events.push(event);
      const end = events.at(-1);
      if (end?.type !== 'end' || replies.length > 0) throw new Error(`the fixture's query "${prompt}" ended ${JSON.stringify(end)} with ${replies.length} replies unused`);
    };

    const hello = path.join(root, 'hello.txt');
    // The project lies under node_modules/.cache, where a write asks (a safety check): the person says yes.
    const main = agentOf({ thinking: { type: 'enabled', budgetTokens: 1024 }, maxTokens: 4096, maxRetries: 1, canUseTool: () => ({ behavior: 'allow' }) });
    await run(main, TITLES.main, [
      { error: { status: 529, retryAfterSeconds: 0.01 } },
      { content: [{ type: 'thinking', thinking: THINKING_TEXT }, { type: 'text', text: 'Let me read it.' }, { type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: hello } }] },
      toolUseReply('Edit', { file_path: hello, old_string: 'Helo', new_string: 'Hello' }, { id: 'toolu_edit' }),
      toolUseReply('Bash', { command: 'curl https://example.com' }, { id: 'toolu_curl' }),
      toolUseReply('TodoWrite', { todos: [{ content: 'Fix the typo', status: 'completed', activeForm: 'Fixing the typo' }, { content: 'Check other files', status: 'in_progress', activeForm: 'Checking other files' }] }, { id: 'toolu_todo' }),
      toolUseReply('Agent', { description: 'Search greetings', prompt: SUBAGENT_PROMPT, subagent_type: 'Explore' }, { id: 'toolu_agent' }),
      toolUseReply('Read', { file_path: path.join(root, 'long.txt') }, { id: 'toolu_long' }),
      textReply('Fixed the greeting. Done.'),
    ]);
    if (!readFileSync(hello, 'utf8').startsWith('Hello,')) throw new Error("the fixture's Edit did not run");
    replies = [textReply('Summary: the greeting was fixed in hello.txt.')];
    await main.compact();
    await run(main, 'Anything else?', [textReply('Nothing else.')]);
    const mainId = main.sessionId!;
    await main.close();

    const other = agentOf();
    await run(other, TITLES.other, [textReply('There is hello.txt and long.txt.')]);
    const otherId = other.sessionId!;
    await other.close();

    const fork = agentOf({ resume: mainId, fork: true });
    await run(fork, 'And in French?', [textReply('Bonjour, le monde !')]);
    const forkId = fork.sessionId!;
    await fork.close();

    const live = agentOf();
    await run(live, TITLES.live, [textReply('Started.')]);
    const liveId = live.sessionId!;

    const known = new Set([mainId, otherId, forkId, liveId]);
    const subagents = readdirSync(path.join(root, '.codev', 'sessions')).flatMap((name) => (name.endsWith('.jsonl') && !known.has(name.slice(0, -'.jsonl'.length)) ? [name.slice(0, -'.jsonl'.length)] : []));
    const kept = test;
    return {
      root,
      server,
      sessions: { main: mainId, other: otherId, fork: forkId, live: liveId, subagents },
      appendToLive: (prompt, script) => run(live, prompt, script),
      async cleanup() {
        await live.close();
        await server.close();
        await kept.cleanup();
      },
    };
  } catch (error) {
    await server.close();
    await test?.cleanup();
    throw error;
  }
}
