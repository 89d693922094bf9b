import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { createFakeBedrockServer, textReply, toolUseReply, type FakeProviderServer, type FakeReply, type RecordedRequest } from '../../src/testing/index.ts';
import { echoTool } from '../../src/tools/Agent/test-fixtures/agent.ts';
import { agentTool } from '../../src/tools/Agent/index.ts';

// Twenty subagents at once through one Bedrock client (SigV4 per request, one event-stream decoder per response),
// every third request throttled mid-stream: each subagent's report comes back whole and to its own caller, every
// tool_use is answered, and no subagent's text lands in another's.

const COUNT = 20;
const quietAws = { AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: 'AKIAATTACKBMANY0001', AWS_SECRET_ACCESS_KEY: 'attack-b-many-secret' };

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const firstText = (request: RecordedRequest) => {
  const first = request.body.messages?.[0]?.content;
  return typeof first === 'string' ? first : ((first?.[0] as { text?: string } | undefined)?.text ?? '');
};

let served = 0;
function script(request: RecordedRequest): FakeReply {
  const key = firstText(request);
  const turn = (request.body.messages ?? []).filter((message) => message.role === 'assistant').length;
  if (key === 'main') {
    if (turn > 0) return textReply('all done');
    return { content: Array.from({ length: COUNT }, (_, index) => ({ type: 'tool_use' as const, id: `toolu_agent_${index}`, name: 'Agent', input: { description: `Probe ${index}`, prompt: `probe ${index}`, subagent_type: 'general-purpose' } })) };
  }
  if (++served % 3 === 0) return { content: [{ type: 'text', text: `torn ${key}` }], failAfterEvents: 3, streamError: { type: 'rate_limit_error', message: 'slow down' } };
  return turn === 0 ? toolUseReply('Echo', { text: key }) : textReply(`report of ${key}`);
}

describe('twenty subagents on one Bedrock client', () => {
  it('each report returns whole to its caller, mid-stream throttles retried', async () => {
    server = await createFakeBedrockServer({ accessKeyId: quietAws.AWS_ACCESS_KEY_ID, secretAccessKey: quietAws.AWS_SECRET_ACCESS_KEY, script });
    const context = createTestContext({ tools: [agentTool, echoTool] });
    const agent = createAgent({ model: { provider: 'bedrock', baseURL: server.url }, env: quietAws, persistSession: false, maxRetries: 5, retryBaseDelayMs: 1, canUseTool: () => ({ behavior: 'allow' }), createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const events: AgentEvent[] = [];
    try {
      for await (const event of agent.query('main')) events.push(event);
    } finally {
      await agent.close();
    }
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    const reports = new Map(events.flatMap((event) => (event.type === 'tool-result' && event.toolName === 'Agent' ? [[event.block.tool_use_id, JSON.stringify(event.block.content)] as const] : [])));
    expect(reports.size).toBe(COUNT);
    for (let index = 0; index < COUNT; index++) {
      const report = reports.get(`toolu_agent_${index}`)!;
      expect(report).toContain(`report of probe ${index}`);
      expect(report).not.toContain('torn');
      expect(report.match(/report of probe \d+/g)).toEqual([`report of probe ${index}`]);
    }
  }, 60_000);
});
