import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent, type Agent } from '../../src/agent/create-agent.ts';
import type { AgentEvent, AgentOptions } from '../../src/agent/types.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import type { HookEvent, HookInput } from '../../src/hooks/types.ts';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { createFakeMessagesServer, createTestContext, textReply, toolUseReply, type FakeMessagesServer, type FakeScript } from '../../src/testing/index.ts';

// A hook that never settles (someone else's bug) and a user who interrupts: the abort must reach the hook at
// once (its signal aborts and it is no longer waited for), not after its timeout (60 s by default). The test
// timeout, far below that, is the hang guard; what is asserted is the order and the outcome.
const HANG_GUARD_MS = 15_000;

const servers: FakeMessagesServer[] = [];
const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const lookup = withToolSource(
  buildTool({
    name: 'Lookup',
    description: 'Looks a word up',
    inputSchema: z.object({ word: z.string() }),
    // Asks unless a rule allows it, so the PermissionRequest hooks run.
    checkPermissions: () => ({ behavior: 'passthrough' }),
    call: ({ word }) => {
      if (word === 'boom') throw new Error('the dictionary is on fire');
      return { data: `${word}: ${'a word. '.repeat(100)}` };
    },
  }),
  { type: 'builtin' },
);

/** A hook of `event` that never answers; `started` resolves with its input when it is called. */
function hangingHook(event: HookEvent, matcher?: string) {
  let started!: (input: HookInput) => void;
  const called = new Promise<HookInput>((resolve) => (started = resolve));
  const hook = defineHook({
    event,
    matcher,
    handler: (input: HookInput) => {
      started(input);
      return new Promise<never>(() => {});
    },
  } as Parameters<typeof defineHook>[0]);
  return { hook, called };
}

/** Runs one query with `hooks`; the first time the hanging hook is called, the agent is interrupted. */
async function interruptedQuery(options: { event: HookEvent; matcher?: string; script: FakeScript; allow?: string[]; agent?: AgentOptions; prompt?: string }) {
  const server = await createFakeMessagesServer({ script: options.script, apiKey: 'test-key' });
  servers.push(server);
  const { hook, called } = hangingHook(options.event, options.matcher);
  const agent = createAgent({
    apiKey: 'test-key',
    baseURL: server.url,
    maxRetries: 0,
    env: {},
    canUseTool: () => ({ behavior: 'allow' }),
    createToolUseContext: (signal) => createTestContext({ tools: [lookup], hooks: [hook], allow: options.allow ?? ['Lookup'], signal }),
    ...options.agent,
  });
  agents.push(agent);
  const order: string[] = [];
  void called.then(() => {
    order.push('hook called');
    agent.interrupt();
  });
  const events: AgentEvent[] = [];
  for await (const event of agent.query(options.prompt ?? 'define cat')) events.push(event);
  order.push('query ended');
  const input = await Promise.race([called, Promise.resolve(undefined)]);
  return { events, end: events.at(-1), input, order };
}

const lookUpCat = () => [toolUseReply('Lookup', { word: 'cat' }, { id: 'toolu_cat' }), textReply('A cat is a word.')];

describe('an interrupt reaches a hook that never settles at once', () => {
  it('PreCompact: automatic compaction waits for no hanging hook; the query ends aborted and the hook\'s signal is aborted', async () => {
    const result = await interruptedQuery({
      event: 'PreCompact',
      script: lookUpCat(),
      prompt: `Remember all of this: ${'lorem ipsum '.repeat(600)}`,
      agent: { compaction: { contextWindow: 1_000, threshold: 0.5 } },
    });
    expect(result.order).toEqual(['hook called', 'query ended']);
    expect(result.input).toMatchObject({ hookEventName: 'PreCompact', trigger: 'auto' });
    expect(result.input!.signal.aborted).toBe(true);
    expect(result.end).toMatchObject({ type: 'end', reason: 'aborted' });
  }, HANG_GUARD_MS);

  it.each<[HookEvent, string | undefined, () => FakeScript, string[] | undefined]>([
    ['SessionStart', undefined, lookUpCat, undefined],
    ['UserPromptSubmit', undefined, lookUpCat, undefined],
    ['PreToolUse', 'Lookup', lookUpCat, undefined],
    ['PermissionRequest', 'Lookup', lookUpCat, []],
    ['PostToolUse', 'Lookup', lookUpCat, undefined],
    ['PostToolUseFailure', 'Lookup', () => [toolUseReply('Lookup', { word: 'boom' }, { id: 'toolu_boom' }), textReply('It broke.')], undefined],
    ['Stop', undefined, () => [textReply('Nothing to do.')], undefined],
  ])('%s: the query ends aborted and the hook\'s signal is aborted', async (event, matcher, script, allow) => {
    const result = await interruptedQuery({ event, matcher, script: script(), allow });
    expect(result.order).toEqual(['hook called', 'query ended']);
    expect(result.input).toMatchObject({ hookEventName: event });
    expect(result.input!.signal.aborted).toBe(true);
    expect(result.end).toMatchObject({ type: 'end', reason: 'aborted' });
    // Every tool_use the model sent got its result (the transcript stays valid for the next query).
    const results = result.events.filter((item) => item.type === 'tool-result').map((item) => item.type === 'tool-result' && item.toolUseId);
    const uses = result.events.filter((item) => item.type === 'tool-call').map((item) => item.type === 'tool-call' && item.toolUseId);
    expect(results).toEqual(uses);
  }, HANG_GUARD_MS);
});

describe('an interrupt reaches a compaction by hand', () => {
  // Before the compaction changed anything it is refused (TOOL_ABORTED); after it, it is done, and says so.
  it.each<[HookEvent, string]>([
    ['PreCompact', 'TOOL_ABORTED'],
    ['PostCompact', 'compact-boundary'],
  ])('%s that never settles: agent.compact() ends once interrupted (%s), and the hook\'s signal is aborted', async (event, outcome) => {
    const server = await createFakeMessagesServer({ script: () => textReply('A summary.'), apiKey: 'test-key' });
    servers.push(server);
    const { hook, called } = hangingHook(event);
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, createToolUseContext: (signal) => createTestContext({ tools: [lookup], hooks: [hook], signal }) });
    agents.push(agent);
    for (const prompt of ['one', 'two']) for await (const event of agent.query(prompt)) void event;
    const order: string[] = [];
    void called.then(() => {
      order.push('hook called');
      agent.interrupt();
    });
    const ended = await agent.compact().then((boundary) => boundary?.type, (error: { code?: string }) => error.code);
    order.push('compact ended');
    expect(order).toEqual(['hook called', 'compact ended']);
    expect(ended).toBe(outcome);
    expect((await called).signal.aborted).toBe(true);
  }, HANG_GUARD_MS);
});
