import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer, type FakeReply, type RecordedRequest } from '../../src/testing/index.ts';
import { echoTool } from '../../src/tools/Agent/test-fixtures/agent.ts';
import { agentTool } from '../../src/tools/Agent/index.ts';

// Two subagents of one agent meet the same unsupported feature at once: both requests are refused in flight,
// both learn it and retry, and the agent tree warns once. The top-level agent asks for no request-level
// cache_control (promptCaching off) so that its subagents, which do, are the ones that learn.

const MAIN = 'main task';
const SUBS = ['first probe', 'second probe'];

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The first prompt's text (a retried request carries it as a text block: the cache breakpoint moved onto it). */
const firstText = (request: RecordedRequest) => {
  const first = request.body.messages?.[0]?.content;
  return typeof first === 'string' ? first : ((first?.[0] as { text?: string } | undefined)?.text ?? '');
};

function script(request: RecordedRequest): FakeReply {
  const key = firstText(request);
  const turn = (request.body.messages ?? []).filter((message) => message.role === 'assistant').length;
  if (key === MAIN) {
    if (turn > 0) return textReply('both done');
    return { content: SUBS.map((prompt, index) => ({ type: 'tool_use' as const, id: `toolu_agent_${index}`, name: 'Agent', input: { description: `Probe ${index}`, prompt, subagent_type: 'general-purpose' } })) };
  }
  return turn === 0 ? toolUseReply('Echo', { text: key }) : textReply(`found for ${key}`);
}

describe('learning a feature the server lacks, by two subagents at once', () => {
  it('refuses both in-flight requests, retries each without the feature, and warns once in the agent\'s events', async () => {
    // Every request waits before its answer: both subagents' first requests are in flight before either is refused.
    server = await createFakeMessagesServer({ apiKey: 'test-key', unsupported: ['topLevelCacheControl'], latencyMs: 300, script });
    const context = createTestContext({ tools: [agentTool, echoTool] });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, env: {}, promptCaching: false, canUseTool: () => ({ behavior: 'allow' }), createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const events: AgentEvent[] = [];
    for await (const event of agent.query(MAIN)) events.push(event);
    await agent.close();

    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    const reports = events.flatMap((event) => (event.type === 'tool-result' && event.toolName === 'Agent' ? [JSON.stringify(event.block.content)] : []));
    expect(reports).toHaveLength(2);
    for (const prompt of SUBS) expect(reports.some((report) => report.includes(`found for ${prompt}`))).toBe(true);
    const warnings = events.filter((event) => event.type === 'warning' && event.code === 'MODEL_FEATURE_UNSUPPORTED');
    expect(warnings).toHaveLength(1);

    const subagentRequests = server.requests.filter((request) => SUBS.includes(firstText(request)));
    const withTopLevel = subagentRequests.filter((request) => request.body.cache_control !== undefined);
    // One refused request per subagent, then none carries it again; the main agent never sent it.
    expect(withTopLevel.map(firstText).sort()).toEqual([...SUBS].sort());
    expect(subagentRequests.length).toBe(2 + 4);
    // Caching stays: the breakpoint the server refused at the top is on the last block of each later request.
    for (const request of subagentRequests.filter((candidate) => candidate.body.cache_control === undefined)) {
      expect(JSON.stringify(request.body.messages!.at(-1))).toContain('"cache_control":{"type":"ephemeral"}');
    }
    expect(server.requests.filter((request) => firstText(request) === MAIN).every((request) => request.body.cache_control === undefined)).toBe(true);
  });
});
