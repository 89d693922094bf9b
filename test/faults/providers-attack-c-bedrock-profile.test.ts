import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, type Agent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { resolveModelProvider } from '../../src/model/providers/resolve-model-provider.ts';
import { textReply } from '../../src/testing/index.ts';
import { startProviderFake, type ProviderFake } from '../providers/test-fixtures/start-provider-fake.ts';

// A Bedrock id the user wrote (a geographic inference profile, an in-region model, an ARN) is what they mean:
// `eu.` keeps the data in the EU. It must go on the wire as written, not be swapped for the table's `global.`
// profile, and be priced as the endpoint it goes to (a non-global profile carries the premium).
const ENV = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_EC2_METADATA_DISABLED: 'true' };
const WRITTEN = ['eu.anthropic.claude-sonnet-4-6', 'anthropic.claude-sonnet-4-6', 'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-sonnet-4-6'];

describe('a Bedrock model id the user wrote', () => {
  it.each(WRITTEN)('%s is sent as written and priced with the regional premium', (id) => {
    const { provider } = resolveModelProvider({ settings: { provider: 'bedrock', region: 'eu-west-1', id }, env: ENV });
    expect(provider.findModel(id)?.id).toBe('claude-sonnet-4-6');
    expect(provider.wireModelId(id)).toBe(id);
    expect(provider.price(id)?.input).toBeGreaterThan(provider.price('claude-sonnet-4-6')!.input);
  });

  it("codev's own id still goes as the table's global profile", () => {
    const { provider } = resolveModelProvider({ settings: { provider: 'bedrock', region: 'eu-west-1' }, env: ENV });
    expect(provider.wireModelId('claude-sonnet-4-6')).toBe('global.anthropic.claude-sonnet-4-6');
  });

  let fake: ProviderFake | undefined;
  let agent: Agent | undefined;
  afterEach(async () => {
    await agent?.close();
    await fake?.close();
    fake = agent = undefined;
  });

  it('reaches the fake Bedrock on the eu. profile it names', async () => {
    fake = await startProviderFake('bedrock', { script: [textReply('hi')] });
    agent = createAgent({ model: { ...fake.model, id: 'eu.anthropic.claude-sonnet-4-6' }, env: fake.env, maxRetries: 0 });
    const events: AgentEvent[] = [];
    for await (const event of agent.query('hello')) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(fake.server.requests.map((request) => request.path)).toEqual(['/model/eu.anthropic.claude-sonnet-4-6/invoke-with-response-stream']);
  });
});
