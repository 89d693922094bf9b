import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineHook } from '../../hooks/define-hook.ts';
import type { PostCompactInput } from '../../hooks/types.ts';
import { createTestKernel, type TestKernel } from '../../testing/create-test-kernel.ts';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, RecordedRequest } from '../../testing/fake-messages-server/types.ts';
import { buildTool } from '../../tool/build-tool.ts';
import { createFileSessionStore } from '../../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../transcripts/sessions-directory.ts';
import { createAgent } from '../create-agent.ts';
import type { AgentEvent, AgentOptions } from '../types.ts';
import { COMPACTION_SYSTEM } from './summarize-conversation.ts';

let server: FakeMessagesServer | undefined;
let test: TestKernel | undefined;
afterEach(async () => {
  await server?.close();
  await test?.cleanup();
  server = test = undefined;
});

/** A tool whose every call returns about 1,500 tokens of text. */
const dump = buildTool({
  name: 'Dump',
  description: 'Prints a large listing',
  inputSchema: z.object({ n: z.number() }),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async call({ n }) {
    return { data: Array.from({ length: 100 }, (_, line) => `listing ${n} line ${line}: ${'x'.repeat(50)}`).join('\n') };
  },
});

const isSummaryRequest = (request: RecordedRequest) => request.body.system === COMPACTION_SYSTEM;
const codeWordIn = (request: RecordedRequest) => /code word is ([A-Z]+)/.exec(JSON.stringify(request.body.messages))?.[1];

/** The fake model: summaries that keep the code word they were shown; `calls` Dump calls, then the code word if it can see it. */
function model(calls: number) {
  let made = 0;
  return (request: RecordedRequest): FakeReply => {
    if (isSummaryRequest(request)) {
      const word = codeWordIn(request);
      return textReply(`The user asked for ${calls} Dump calls and then the code word.${word ? ` The user said: the code word is ${word}.` : ''} Calls so far: many.`);
    }
    if (made < calls) return toolUseReply('Dump', { n: ++made }, { id: `toolu_dump_${made}` });
    const word = codeWordIn(request);
    return textReply(word ? `The code word is ${word}.` : 'I do not know the code word.');
  };
}

async function start(options: { calls: number; contextWindow: number; agent?: AgentOptions; hooks?: boolean }) {
  server = await createFakeMessagesServer({ apiKey: 'test-key', contextWindow: options.contextWindow, script: model(options.calls) });
  test = await createTestKernel({ mcp: false, env: {}, baseTools: [], extraTools: [dump], allow: ['Dump'] });
  const kernel = test.kernel;
  return createAgent({ kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, maxTurns: options.calls + 10, ...options.agent });
}

async function run(agent: ReturnType<typeof createAgent>, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of agent.query(prompt)) events.push(event);
  return events;
}

describe('automatic compaction', () => {
  it('carries a 300-turn session with large tool outputs through a 30k-token window; the answer still knows a fact from the first turn', async () => {
    const agent = await start({ calls: 300, contextWindow: 30_000, agent: { compaction: { contextWindow: 30_000 } } });
    const events = await run(agent, 'The code word is PELICAN. Call Dump 300 times, then tell me the code word.');
    await agent.close();
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 301 });
    expect(events.filter((event) => event.type === 'text').at(-1)).toEqual({ type: 'text', text: 'The code word is PELICAN.' });
    const boundaries = events.filter((event) => event.type === 'compact-boundary');
    expect(boundaries.some((event) => event.summarized)).toBe(true);
    expect(boundaries.some((event) => !event.summarized && event.clearedToolResults > 0)).toBe(true);
    for (const event of boundaries) expect(event.tokensAfter).toBeLessThan(event.tokensBefore);
    expect(boundaries.every((event) => event.trigger === 'auto')).toBe(true);
    // The resumed transcript is the compacted conversation, not the whole history.
    const loaded = await createFileSessionStore({ directory: sessionsDirectory(test!.root) }).read(agent.sessionId!);
    expect(loaded.compactions).toBe(boundaries.length);
    expect(loaded.messages.map((entry) => entry.message)).toEqual(agent.messages);
    expect(JSON.stringify(loaded.messages[0]!.message)).toContain('the code word is PELICAN');
  }, 120_000);

  it('compacts and retries once when the API says the prompt is too long, then ends with CONTEXT_OVERFLOW', async () => {
    const agent = await start({ calls: 12, contextWindow: 12_000, agent: { compaction: { auto: false, contextWindow: 12_000 } } });
    const events = await run(agent, 'The code word is HERON. Call Dump 12 times, then tell me the code word.');
    expect(events.filter((event) => event.type === 'compact-boundary').map((event) => event.type === 'compact-boundary' && event.trigger)).toContain('overflow');
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(events.filter((event) => event.type === 'text').at(-1)).toEqual({ type: 'text', text: 'The code word is HERON.' });

    const tiny = await start({ calls: 1, contextWindow: 1_000, agent: { compaction: { auto: false, contextWindow: 1_000 } } });
    const overflow = await run(tiny, `Remember this: ${'y'.repeat(8_000)}`);
    const error = overflow.find((event) => event.type === 'error');
    expect(error).toMatchObject({ type: 'error', error: { code: 'CONTEXT_OVERFLOW', status: 400 } });
    expect(overflow.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
    await agent.close();
    await tiny.close();
  }, 60_000);
});

describe('agent.compact()', () => {
  it('summarizes by hand with the given and the PreCompact hooks\' instructions; PostCompact gets the summary', async () => {
    const post: PostCompactInput[] = [];
    const preCompact = defineHook({ event: 'PreCompact', handler: () => ({ instructions: 'keep the list of listings' }) });
    const postCompact = defineHook({ event: 'PostCompact', matcher: 'manual', handler: (input) => void post.push(input) });
    const restarted = defineHook({ event: 'SessionStart', matcher: 'compact', handler: () => ({ additionalContext: 'after compaction: tests live in test/' }) });
    const agent = await start({
      calls: 4,
      contextWindow: 100_000,
      agent: { createToolUseContext: (signal) => Object.assign(test!.kernel.createToolUseContext({ signal }), { hooks: [preCompact, postCompact, restarted] }) },
    });
    await run(agent, 'The code word is EGRET. Call Dump 4 times, then tell me the code word.');
    const before = agent.messages.length;
    const boundary = await agent.compact('keep the code word');
    expect(boundary).toMatchObject({ type: 'compact-boundary', trigger: 'manual', summarized: true });
    expect(agent.messages.length).toBeLessThan(before);
    expect(JSON.stringify(agent.messages[0])).toContain('<system-reminder>after compaction: tests live in test/</system-reminder>');
    const summaryRequest = server!.requests.filter(isSummaryRequest).at(-1)!;
    expect(JSON.stringify(summaryRequest.body.messages)).toContain('- keep the code word\\n- keep the list of listings');
    expect(post).toEqual([expect.objectContaining({ trigger: 'manual', summary: expect.stringContaining('the code word is EGRET') })]);
    await run(agent, 'what was it?');
    expect(JSON.stringify(server!.requests.at(-1)!.body.messages)).toContain('the code word is EGRET');
    await agent.close();
  }, 60_000);
});
