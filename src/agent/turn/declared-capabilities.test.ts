import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelClient } from '../../model/create-model-client.ts';
import { ALL_CAPABILITIES } from '../../model/capabilities/model-feature-learning.ts';
import type { ModelCapabilities, ModelProvider } from '../../model/providers/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { errorReply, textReply, toolUseReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../testing/fake-messages-server/types.ts';
import { buildTool, withToolSource } from '../../tool/build-tool.ts';
import { compactionSettings } from '../compaction/compaction-settings.ts';
import { createAgentTranscript } from '../create-agent-transcript.ts';
import { createSpending } from '../create-spending.ts';
import type { AgentEvent } from '../types.ts';
import { createTurnState } from './create-turn-state.ts';
import { runTurns } from './run-turns.ts';
import type { TurnAgent } from './types.ts';

// The same compatible server as test/compatible/, but its lacks declared (a provider's capabilities, as the
// model settings' `capabilities` give them): the loop sends nothing the server refuses, not one 400.

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const echo = withToolSource(buildTool({ name: 'Echo', description: 'Echo a text', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, call: ({ text }) => ({ data: `echo: ${text}` }) }), { type: 'builtin' });

/** A provider for a compatible server, with what it declares off, and its own id for the model. */
function compatibleProvider(url: string, declared: Partial<ModelCapabilities>): ModelProvider {
  return {
    name: 'anthropic',
    label: url,
    models: () => [],
    findModel: () => undefined,
    wireModelId: (model) => `local/${model}`,
    capabilities: () => ({ ...ALL_CAPABILITIES, ...declared }),
    price: () => undefined,
    createClient: () => createModelClient({ apiKey: 'test-key', baseURL: url, maxRetries: 0 }),
    cacheKey: url,
  };
}

async function runDeclared(declared: Partial<ModelCapabilities>, script: FakeReply[] = [toolUseReply('Echo', { text: 'one' }), toolUseReply('Echo', { text: 'two' }), textReply('done')]) {
  server = await createFakeMessagesServer({ apiKey: 'test-key', unsupported: ['promptCaching', 'topLevelCacheControl', 'thinking', 'countTokens'], script });
  const provider = compatibleProvider(server.url, declared);
  const signal = new AbortController().signal;
  const agent: TurnAgent = {
    messages: [],
    client: await provider.createClient({ maxRetries: 0 }),
    provider,
    name: 'codev',
    model: 'claude-sonnet-4-6',
    maxTokens: 4096,
    thinkingParams: { thinking: { type: 'enabled', budget_tokens: 2048 }, output_config: { effort: 'high' } },
    fallbackModels: [],
    requestPolicy: { maxRetries: 0, maxRetryWaitMs: 0, retryBaseDelayMs: 0, streamIdleTimeoutMs: 0 },
    maxTurns: 10,
    canUseTool: () => ({ behavior: 'allow' }),
    waitForBackgroundAgents: false,
    topLevel: true,
    sessionStart: { started: true, pending: [], source: 'startup' },
    transcript: createAgentTranscript({ persistSession: false, hasProject: false }),
    compaction: compactionSettings(),
    contextSize: {},
    deferredCalls: new Map(),
    spending: createSpending(),
    promptCaching: true,
    env: {},
    nextContext: (previous) => previous,
  };
  const events: AgentEvent[] = [];
  for await (const event of runTurns(createTurnState({ agent, prompt: 'echo twice', signal, context: createTestContext({ tools: [echo], signal }) }))) events.push(event);
  return { events, requests: server.requests };
}

describe('capabilities declared off for a compatible server', () => {
  it('are left out of every request from the first: no refusal, the provider\'s model id, one warning per feature dropped', async () => {
    const { events, requests } = await runDeclared({ promptCaching: false, topLevelCacheControl: false, thinking: false, countTokens: false });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.rawBody).not.toContain('cache_control');
      expect(request.body.thinking).toBeUndefined();
      expect(request.body.output_config).toBeUndefined();
      expect(request.body.model).toBe('local/claude-sonnet-4-6');
    }
    const warnings = events.flatMap((event) => (event.type === 'warning' && event.code === 'MODEL_FEATURE_UNSUPPORTED' ? [event.message] : []));
    expect(warnings).toEqual([expect.stringContaining('prompt caching'), expect.stringContaining('extended thinking')]);
  });

  it('declared on where the server lacks them, are learned instead (the server is the judge)', async () => {
    const { events, requests } = await runDeclared({});
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(requests.length).toBeGreaterThan(3);
    expect(events.filter((event) => event.type === 'warning' && event.code === 'MODEL_FEATURE_UNSUPPORTED')).toHaveLength(3);
  });

  it('ends with the error, as before, on a 400 that refuses a field of no feature, or one already left out', async () => {
    const unknown = await runDeclared({ promptCaching: false, thinking: false }, [errorReply(400, { message: 'context_management: Extra inputs are not permitted' })]);
    expect(unknown.events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'MODEL_REQUEST_FAILED', status: 400 } });
    expect(unknown.requests).toHaveLength(1);
    await server!.close();
    const again = await runDeclared({ promptCaching: false, thinking: false }, [errorReply(400, { message: 'thinking: Extra inputs are not permitted' })]);
    expect(again.events.find((event) => event.type === 'error')).toMatchObject({ error: { status: 400 } });
    expect(again.requests).toHaveLength(1);
  });
});
