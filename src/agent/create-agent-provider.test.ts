import { afterEach, describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { resolveModelProvider } from '../model/providers/resolve-model-provider.ts';
import { startProviderLoopbackServer } from '../model/providers/test-fixtures/provider-loopback-server.ts';
import type { AgentScope } from '../tool/agent-scope.ts';
import { createAgent } from './create-agent.ts';
import { resolveAgentModel } from './resolve-agent-model.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const quietAws = { AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: 'AKIAAGENTTEST0001', AWS_SECRET_ACCESS_KEY: 'agent-test-secret' };

describe('createAgent on a provider', () => {
  it('runs a query on Bedrock: model settings in createAgent, the request on the invoke-with-response-stream path', async () => {
    const bedrock = await startProviderLoopbackServer({ eventStream: true, text: 'agent on bedrock' });
    closers.push(() => bedrock.close());
    const agent = createAgent({ model: { provider: 'bedrock', region: 'eu-west-1', baseURL: bedrock.url }, env: quietAws, persistSession: false });
    try {
      const { text } = await agent.run('hello');
      expect(text).toBe('agent on bedrock');
    } finally {
      await agent.close();
    }
    expect(bedrock.requests).toHaveLength(1);
    expect(bedrock.requests[0]!.path).toMatch(/^\/model\/[^/]+\/invoke-with-response-stream$/);
    expect(JSON.stringify(bedrock.requests[0]!.body.messages)).toContain('hello');
  });

  it('names the provider when it has nothing to talk to (MODEL_NOT_CONFIGURED), unless a client is given', () => {
    const code = (() => {
      try {
        createAgent({ model: { provider: 'foundry' }, env: {} });
      } catch (error) {
        return CodevError.isInstance(error) ? error.code : 'other';
      }
      return undefined;
    })();
    expect(code).toBe('MODEL_NOT_CONFIGURED');
    expect(() => createAgent({ client: {} as never, env: {} })).not.toThrow();
  });
});

describe('resolveAgentModel', () => {
  it("gives a subagent its parent's provider, on its own model or its parent's", () => {
    const { provider } = resolveModelProvider({ settings: { provider: 'bedrock', region: 'eu-west-1' }, env: {} });
    const parent = { provider, model: 'claude-opus-4-6' } as unknown as AgentScope;
    const subagent = { agentId: 'a1', agentType: 'helper', parent } as never;
    expect(resolveAgentModel({ subagent, model: 'claude-haiku-4-5' }, { ANTHROPIC_API_KEY: 'k' })).toEqual({ provider, model: 'claude-haiku-4-5' });
    expect(resolveAgentModel({ subagent }, {})).toEqual({ provider, model: 'claude-opus-4-6' });
  });

  it('a string model keeps the default provider; CODEV_PROVIDER picks another', () => {
    expect(resolveAgentModel({ model: 'claude-haiku-4-5' }, { ANTHROPIC_API_KEY: 'k' }).provider?.name).toBe('anthropic');
    expect(resolveAgentModel({ model: 'claude-haiku-4-5' }, { CODEV_PROVIDER: 'vertex', ANTHROPIC_VERTEX_PROJECT_ID: 'p' })).toMatchObject({ provider: { name: 'vertex' }, model: 'claude-haiku-4-5' });
  });
});
