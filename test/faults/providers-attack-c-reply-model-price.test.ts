import Anthropic from '@anthropic-ai/sdk';
import { afterEach, expect, it } from 'vitest';
import { createAgent, type Agent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { resolveModelProvider } from '../../src/model/providers/resolve-model-provider.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer } from '../../src/testing/index.ts';

// Bedrock answers with Anthropic's model id ("model": "claude-sonnet-4-6") whatever id the request named (an
// eu. profile, an in-region id, an application inference profile). The cost must be the one of the endpoint the
// request went to (the regional premium, the user's price for their entry), not the reply's bare id's.
const ENV = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_EC2_METADATA_DISABLED: 'true' };

let server: FakeMessagesServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  server = agent = undefined;
});

/** A client whose replies name `answeredAs`, as Bedrock's do, whatever the request's model. */
function answeringAs(url: string, answeredAs: string): Anthropic {
  return new Anthropic({
    apiKey: 'k',
    baseURL: url,
    maxRetries: 0,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const text = (await response.text()).replace(/"model":"[^"]*"/g, `"model":"${answeredAs}"`);
      return new Response(text, { status: response.status, headers: response.headers });
    },
  });
}

async function costOf(model: object): Promise<number | null | undefined> {
  server = await createFakeMessagesServer({ script: [textReply('hi')] });
  agent = createAgent({ model, env: ENV, client: answeringAs(server.url, 'claude-sonnet-4-6'), maxRetries: 0, maxBudgetUsd: 5 });
  const events: AgentEvent[] = [];
  for await (const event of agent.query('hello')) events.push(event);
  const end = events.at(-1);
  expect(end).toMatchObject({ type: 'end', reason: 'end_turn' });
  return end?.type === 'end' ? end.costUsd : undefined;
}

it.each([
  ['an eu. profile', { provider: 'bedrock', region: 'eu-west-1', id: 'eu.anthropic.claude-sonnet-4-6' }],
  ['an application inference profile with its own price', { provider: 'bedrock', region: 'eu-west-1', id: 'team-sonnet', models: { 'team-sonnet': { providerId: 'arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/abc123', price: { input: 30, output: 150 } } } }],
])('%s is priced as the endpoint the request went to', async (_, model) => {
  const { provider } = resolveModelProvider({ settings: model as never, env: ENV });
  const id = (model as { id: string }).id;
  const cost = await costOf(model);
  const usage = server!.requests.length;
  expect(usage).toBe(1);
  const global = provider.price('claude-sonnet-4-6')!;
  const own = provider.price(id)!;
  expect(own.input).toBeGreaterThan(global.input);
  // The cost is the requested endpoint's price times the tokens, not the bare id's.
  expect(cost).toBeGreaterThan(0);
  const ratio = (cost as number) / (await globalCost());
  expect(ratio).toBeCloseTo(own.input / global.input, 5);
});

async function globalCost(): Promise<number> {
  await agent?.close();
  await server?.close();
  const cost = await costOf({ provider: 'bedrock', region: 'eu-west-1', id: 'claude-sonnet-4-6' });
  return cost as number;
}
