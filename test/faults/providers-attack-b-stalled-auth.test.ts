import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { useLoopbackGoogleCredentials } from '../../src/model/providers/test-fixtures/loopback-google-credentials.ts';
import { listenOnLoopback } from '../../src/testing/listen-on-loopback.ts';

// Google's token endpoint accepts the connection and never answers: the Vertex SDK awaits the token before the
// request (outside its signal). The stream idle timeout must hold there too, and an abort must end the query.

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const close of closers.splice(0)) await close();
});

async function stalledTokenAgent(idleTimeoutMs = 300) {
  let messages = 0;
  const server = await listenOnLoopback({
    async handle(request, response, signal) {
      if (request.url === '/token') return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      messages++;
      response.writeHead(500).end();
    },
  });
  closers.push(() => server.close());
  closers.push(await useLoopbackGoogleCredentials({ tokenServerUrl: server.url, projectId: 'codev-project' }));
  const agent = createAgent({ model: { provider: 'vertex', region: 'us-east5', baseURL: `${server.url}/v1` }, env: { ANTHROPIC_VERTEX_PROJECT_ID: 'codev-project' }, persistSession: false, maxRetries: 0, streamIdleTimeoutMs: idleTimeoutMs, tools: [] });
  closers.push(() => agent.close());
  return { agent, messages: () => messages };
}

describe('a Google token endpoint that never answers', () => {
  it('the query ends with a model error within the stream idle timeout, no request sent', async () => {
    const { agent, messages } = await stalledTokenAgent();
    const events: AgentEvent[] = [];
    for await (const event of agent.query('hello')) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
    expect(events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'MODEL_UNREACHABLE' } });
    expect(messages()).toBe(0);
  }, 20_000);

  it('interrupt() ends the query while the token is awaited (idle timeout far off)', async () => {
    const { agent, messages } = await stalledTokenAgent(600_000);
    const events: AgentEvent[] = [];
    for await (const event of agent.query('hello')) {
      events.push(event);
      // The query has started: its first request is waiting for the token.
      if (events.length === 1) setTimeout(() => agent.interrupt(), 200);
    }
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'aborted' });
    expect(messages()).toBe(0);
  }, 20_000);
});

