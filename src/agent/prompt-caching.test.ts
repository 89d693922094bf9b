import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../testing/fake-messages-server/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import { createAgent } from './create-agent.ts';
import type { Usage } from './types.ts';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const page = buildTool({ name: 'Page', description: 'A page', inputSchema: z.object({ n: z.number() }), isReadOnly: () => true, async call({ n }) {
  return { data: `page ${n}: ${'text '.repeat(400)}` };
} });

async function conversation(promptCaching: boolean | undefined): Promise<{ usages: Usage[]; bodies: Record<string, unknown>[] }> {
  let calls = 0;
  server = await createFakeMessagesServer({ promptCache: { minTokens: 500 }, script: () => (calls < 3 ? toolUseReply('Page', { n: ++calls }) : textReply('done')) });
  const agent = createAgent({ tools: [page], apiKey: 'k', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), ...(promptCaching === undefined ? {} : { promptCaching }) });
  const usages: Usage[] = [];
  for await (const event of agent.query('read three pages')) if (event.type === 'usage') usages.push(event.usage);
  await agent.close();
  return { usages, bodies: server.requests.map((request) => request.body) };
}

describe('prompt caching of the conversation', () => {
  it('asks for a breakpoint on the last block of every request, so each turn reads the conversation before it', async () => {
    const { usages, bodies } = await conversation(undefined);
    expect(bodies.every((body) => JSON.stringify(body.cache_control) === '{"type":"ephemeral"}')).toBe(true);
    // The first request is under the cache's minimum (500 tokens here); the second writes; every later one reads.
    expect(usages[0]!.cacheReadInputTokens + usages[0]!.cacheCreationInputTokens).toBe(0);
    expect(usages[1]!.cacheCreationInputTokens).toBeGreaterThan(0);
    for (const usage of usages.slice(2)) expect(usage.cacheReadInputTokens).toBeGreaterThan(0);
    expect(usages.at(-1)!.cacheReadInputTokens).toBeGreaterThan(usages.at(-1)!.inputTokens + usages.at(-1)!.cacheCreationInputTokens);
  });

  it('promptCaching: false sends no breakpoint and reads nothing', async () => {
    const { usages, bodies } = await conversation(false);
    expect(bodies.some((body) => 'cache_control' in body)).toBe(false);
    expect(usages.map((usage) => usage.cacheReadInputTokens + usage.cacheCreationInputTokens)).toEqual([0, 0, 0, 0]);
  });
});
