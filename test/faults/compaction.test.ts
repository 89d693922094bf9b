import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPACTION_SYSTEM } from '../../src/agent/compaction/summarize-conversation.ts';
import { createAgent, type Agent } from '../../src/agent/create-agent.ts';
import type { AgentEvent, AgentOptions } from '../../src/agent/types.ts';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { createFakeMessagesServer, errorReply, textReply, toolUseReply, type FakeMessagesServer, type FakeReply, type RecordedRequest } from '../../src/testing/index.ts';

// The summary request of a compaction fails (the API is down for it, or the model writes nothing), yet
// clearing the old tool results alone makes the conversation fit: the query must go on with the cleared
// conversation, not end with CONTEXT_OVERFLOW (nor send the whole conversation again as it was).

/** The API's window in the first tests: two Dump results fit, three do not; cleared, they all fit. */
const WINDOW = 4_000;
const PROMPT = 'The code word is OSPREY. Call Dump 3 times, then tell me the code word.';

let server: FakeMessagesServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  agent = server = undefined;
});

/** Every call returns about 1,700 tokens of text. */
const dump = withToolSource(
  buildTool({
    name: 'Dump',
    description: 'Prints a large listing',
    inputSchema: z.object({ n: z.number() }),
    isReadOnly: () => true,
    async call({ n }) {
      return { data: Array.from({ length: 100 }, (_, line) => `listing ${n} line ${line}: ${'x'.repeat(50)}`).join('\n') };
    },
  }),
  { type: 'builtin' },
);

const isSummaryRequest = (request: RecordedRequest) => request.body.system === COMPACTION_SYSTEM;

/** Dump `calls` times, then the code word if the model can still see it; every summary request fails. */
function model(calls: number, summaryFailure: () => FakeReply) {
  let made = 0;
  return (request: RecordedRequest): FakeReply => {
    if (isSummaryRequest(request)) return summaryFailure();
    if (made < calls) return toolUseReply('Dump', { n: ++made }, { id: `toolu_dump_${made}` });
    const word = /code word is ([A-Z]+)/.exec(JSON.stringify(request.body.messages))?.[1];
    return textReply(word ? `The code word is ${word}.` : 'I do not know the code word.');
  };
}

async function run(options: { summaryFailure: () => FakeReply; compaction: AgentOptions['compaction']; window?: number; prompt?: string }) {
  server = await createFakeMessagesServer({ apiKey: 'test-key', contextWindow: options.window ?? WINDOW, script: model(3, options.summaryFailure) });
  agent = createAgent({ tools: [dump], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, canUseTool: () => ({ behavior: 'allow' }), compaction: options.compaction });
  const events: AgentEvent[] = [];
  for await (const event of agent.query(options.prompt ?? PROMPT)) events.push(event);
  return { events, requests: server.requests };
}

describe('a compaction whose summary request fails', () => {
  it.each([
    ['the API fails the summary request', () => errorReply(500)],
    ['the model writes an empty summary', () => textReply('')],
  ])('%s after "prompt is too long": the cleared tool results fit, and the query goes on', async (_, summaryFailure) => {
    const { events, requests } = await run({ summaryFailure, compaction: { auto: false, contextWindow: WINDOW } });
    expect(requests.some(isSummaryRequest)).toBe(true);
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    const boundary = events.find((event) => event.type === 'compact-boundary');
    expect(boundary).toMatchObject({ trigger: 'overflow', summarized: false, clearedToolResults: expect.any(Number) });
    expect(boundary?.type === 'compact-boundary' && boundary.clearedToolResults).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(events.filter((event) => event.type === 'text').at(-1)).toEqual({ type: 'text', text: 'The code word is OSPREY.' });
  });

  it('automatic compaction: the summary fails, the cleared conversation is used all the same, and no request is refused as too long', async () => {
    // A long prompt (about 3,200 tokens, which clearing cannot shrink) in a 6,000-token window: cleared, the
    // conversation is still over half the window, so a summary is asked for; it fails, yet the cleared one fits.
    const window = 6_000;
    const prompt = `${PROMPT} Some background first: ${'lorem ipsum '.repeat(1_070)}`;
    const { events, requests } = await run({ summaryFailure: () => errorReply(500), window, prompt, compaction: { contextWindow: window, keepToolResults: 0, keepRecentMessages: 1 } });
    expect(requests.some(isSummaryRequest)).toBe(true);
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    const boundaries = events.filter((event) => event.type === 'compact-boundary');
    expect(boundaries.length).toBeGreaterThan(0);
    expect(boundaries.every((event) => event.trigger === 'auto' && !event.summarized && event.clearedToolResults > 0)).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(events.filter((event) => event.type === 'text').at(-1)).toEqual({ type: 'text', text: 'The code word is OSPREY.' });
  });
});
