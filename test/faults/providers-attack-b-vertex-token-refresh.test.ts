import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { useLoopbackGoogleCredentials } from '../../src/model/providers/test-fixtures/loopback-google-credentials.ts';
import { replyEvents } from '../../src/model/providers/test-fixtures/provider-loopback-server.ts';
import { listenOnLoopback, type LoopbackServer } from '../../src/testing/listen-on-loopback.ts';

// A Vertex token that expires at once (expires_in 1: google-auth-library refreshes before each request), and a token
// endpoint that refuses the refresh: the second query ends with a clear code, the first query's reply intact.

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const close of closers.splice(0)) await close();
});

async function serve(refusal: { status: number; body: unknown }): Promise<LoopbackServer & { tokens: () => number; messages: () => number }> {
  let tokens = 0;
  let messages = 0;
  const server = await listenOnLoopback({
    async handle(request, response) {
      for await (const chunk of request) void chunk;
      if (request.url === '/token') {
        tokens++;
        if (tokens > 1) return void response.writeHead(refusal.status, { 'content-type': 'application/json' }).end(JSON.stringify(refusal.body));
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'ya29.short', issued_token_type: 'urn:ietf:params:oauth:token-type:access_token', expires_in: 1, token_type: 'Bearer' }));
      }
      messages++;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of replyEvents(`reply ${messages}`)) response.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
      response.end();
    },
  });
  closers.push(() => server.close());
  return Object.assign(server, { tokens: () => tokens, messages: () => messages });
}

async function twoQueries(refusal: { status: number; body: unknown }) {
  const server = await serve(refusal);
  closers.push(await useLoopbackGoogleCredentials({ tokenServerUrl: server.url, projectId: 'codev-project' }));
  const agent = createAgent({ model: { provider: 'vertex', region: 'us-east5', baseURL: `${server.url}/v1` }, env: { ANTHROPIC_VERTEX_PROJECT_ID: 'codev-project' }, persistSession: false, maxRetries: 2, retryBaseDelayMs: 1, tools: [] });
  try {
    const first = await agent.run('first');
    const events: AgentEvent[] = [];
    for await (const event of agent.query('second')) events.push(event);
    return { first: first.text, events, server };
  } finally {
    await agent.close();
  }
}

describe('a Vertex token whose refresh is refused', () => {
  it('invalid_grant (400): MODEL_AUTHENTICATION_FAILED, not retried', async () => {
    const { first, events, server } = await twoQueries({ status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } });
    expect(first).toBe('reply 1');
    expect(events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'MODEL_AUTHENTICATION_FAILED' } });
    expect(events.filter((event) => event.type === 'retry')).toHaveLength(0);
    expect(server.messages()).toBe(1);
  });

  it('the token endpoint failing (503): retried as a server failure, then its error', async () => {
    const { events, server } = await twoQueries({ status: 503, body: { error: 'unavailable' } });
    const error = events.find((event) => event.type === 'error');
    expect(error).toMatchObject({ error: { code: 'MODEL_UNREACHABLE', retryable: true } });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
    expect(events.filter((event) => event.type === 'retry').length).toBeGreaterThan(0);
    expect(server.messages()).toBe(1);
  });
});
