import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPACTION_SYSTEM } from '../../../src/agent/compaction/summarize-conversation.ts';
import { createAgent, type Agent } from '../../../src/agent/create-agent.ts';
import type { AgentEvent, AgentOptions } from '../../../src/agent/types.ts';
import type { Kernel } from '../../../src/kernel/create-kernel.ts';
import { buildTool, withToolSource } from '../../../src/tool/build-tool.ts';
import { createTestKernel, errorReply, textReply, toolUseReply, type FakeScript, type RecordedRequest, type TestKernel } from '../../../src/testing/index.ts';
import { startProviderFake, type FakedProvider, type ProviderFake } from './start-provider-fake.ts';

/**
 * The whole agent loop against one provider's fake, through the provider's own SDK: tools through the kernel
 * (Read, then Edit), thinking, structured output, a retry after throttling, and compaction.
 */
export function describeAgentLoop(provider: FakedProvider): void {
  let fake: ProviderFake | undefined;
  let agent: Agent | undefined;
  let test: TestKernel | undefined;
  afterEach(async () => {
    await agent?.close();
    await test?.cleanup();
    await fake?.close();
    fake = agent = test = undefined;
  });

  async function run(script: FakeScript, prompt: string, options: Partial<AgentOptions> & { contextWindow?: number; kernel?: Kernel } = {}) {
    const { contextWindow, ...agentOptions } = options;
    fake = await startProviderFake(provider, { script, contextWindow });
    agent = createAgent({ model: fake.model, env: fake.env, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), ...agentOptions } as AgentOptions & { kernel?: Kernel });
    const events: AgentEvent[] = [];
    for await (const event of agent.query(prompt)) events.push(event);
    // Every request took the provider's own route and auth, not a Messages API fallback.
    for (const request of fake.server.requests) {
      expect(request.path).toMatch(PROVIDER_PATH[provider]);
      expect(request.headers.authorization ?? request.headers['x-api-key']).toMatch(PROVIDER_AUTH[provider]);
    }
    return { events, requests: fake.server.requests };
  }

  it('reads and edits a file through the kernel\'s tools', async () => {
    test = await createTestKernel({ mcp: false, env: {}, files: { 'notes.txt': 'The meeting is on Monday.\n' } });
    const file = path.join(test.root, 'notes.txt');
    const { events, requests } = await run(
      [toolUseReply('Read', { file_path: file }), toolUseReply('Edit', { file_path: file, old_string: 'Monday', new_string: 'Tuesday' }), textReply('Moved to Tuesday.')],
      'Move the meeting to Tuesday.',
      { kernel: test.kernel },
    );
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(await readFile(file, 'utf8')).toBe('The meeting is on Tuesday.\n');
    expect(requests).toHaveLength(3);
    expect(JSON.stringify(requests[1]!.body.messages)).toContain('The meeting is on Monday.');
  });

  it('streams thinking and keeps it in the conversation', async () => {
    const { events, requests } = await run(
      [{ content: [{ type: 'thinking', thinking: 'The user wants a greeting.' }, { type: 'tool_use', name: 'Echo', input: { text: 'hi' } }] }, textReply('Hello!')],
      'Greet me.',
      { thinking: { type: 'enabled', budgetTokens: 1024 }, tools: [echo] },
    );
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(events.find((event) => event.type === 'thinking')).toMatchObject({ text: 'The user wants a greeting.' });
    expect(requests[0]!.body.thinking).toMatchObject({ type: 'enabled' });
    // The fake refuses a tool result whose turn's thinking was dropped: the second request carries it back.
    expect(JSON.stringify(requests[1]!.body.messages)).toContain('The user wants a greeting.');
  });

  it('ends with a structured output', async () => {
    const { events } = await run([toolUseReply('StructuredOutput', { city: 'Paris', sunny: true })], 'Is it sunny in Paris?', { outputSchema: z.object({ city: z.string(), sunny: z.boolean() }) });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', output: { city: 'Paris', sunny: true } });
  });

  it('retries a throttled request', async () => {
    const { events, requests } = await run([errorReply(429), textReply('After the throttle.')], 'Hello?', { maxRetries: 1 });
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(events.filter((event) => event.type === 'text').at(-1)).toMatchObject({ text: 'After the throttle.' });
    expect(requests).toHaveLength(2);
  });

  it('compacts a conversation that outgrows the context window', async () => {
    const window = 6_000;
    const isSummary = (request: RecordedRequest) => request.body.system === COMPACTION_SYSTEM;
    let dumps = 0;
    const script = (request: RecordedRequest) => {
      if (isSummary(request)) return textReply('Summary: the code word is OSPREY; three listings were printed.');
      if (dumps < 3) return toolUseReply('Dump', { n: ++dumps });
      return textReply(/code word is ([A-Z]+)/.test(JSON.stringify(request.body)) ? 'The code word is OSPREY.' : 'I do not know.');
    };
    const prompt = `The code word is OSPREY. Call Dump 3 times, then tell me the code word. ${'lorem ipsum '.repeat(1_070)}`;
    const { events, requests } = await run(script, prompt, { tools: [dump], contextWindow: window, compaction: { contextWindow: window, keepToolResults: 0, keepRecentMessages: 1 } });
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(events.some((event) => event.type === 'compact-boundary')).toBe(true);
    expect(requests.some(isSummary)).toBe(true);
    expect(events.filter((event) => event.type === 'text').at(-1)).toEqual({ type: 'text', text: 'The code word is OSPREY.' });
  });
}

const PROVIDER_PATH: Record<FakedProvider, RegExp> = {
  bedrock: /^\/model\/[^/]+\/invoke-with-response-stream$/,
  vertex: /^\/v1\/projects\/fake-project\/locations\/us-east5\/publishers\/anthropic\/models\/[^/]+:streamRawPredict$/,
  foundry: /^\/anthropic\/v1\/messages$/,
};

const PROVIDER_AUTH: Record<FakedProvider, RegExp> = {
  bedrock: /^AWS4-HMAC-SHA256 Credential=AKIDTEST\w+\/\d{8}\/eu-west-3\/bedrock\/aws4_request, /,
  vertex: /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/,
  foundry: /^foundry-/,
};

const echo = withToolSource(
  buildTool({ name: 'Echo', description: 'Echoes a text', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, call: ({ text }) => ({ data: text }) }),
  { type: 'builtin' },
);

/** About 1,700 tokens per call. */
const dump = withToolSource(
  buildTool({
    name: 'Dump',
    description: 'Prints a large listing',
    inputSchema: z.object({ n: z.number() }),
    isReadOnly: () => true,
    call: ({ n }) => ({ data: Array.from({ length: 100 }, (_, line) => `listing ${n} line ${line}: ${'x'.repeat(50)}`).join('\n') }),
  }),
  { type: 'builtin' },
);
