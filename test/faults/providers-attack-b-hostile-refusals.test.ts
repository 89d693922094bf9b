import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { listenOnLoopback, type LoopbackServer } from '../../src/testing/listen-on-loopback.ts';
import { MODEL_FEATURES } from '../../src/model/providers/types.ts';

// A compatible server that answers every request with a 400 naming every feature (and one naming only a feature the
// request does not use): the learner drops what the request used, at most once per feature, then the 400 is the
// query's error: a bounded number of requests, never a loop.

const EVERY_FEATURE = 'Extra inputs are not permitted: cache_control, messages.0.content.0.cache_control, thinking, output_config, output_config.format, document, strict';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(message: string) {
  let requests = 0;
  server = await listenOnLoopback({
    async handle(request, response) {
      for await (const chunk of request) void chunk;
      requests++;
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message } }));
    },
  });
  const agent = createAgent({ apiKey: 'k', baseURL: server.url, env: {}, persistSession: false, maxRetries: 3, retryBaseDelayMs: 1, thinking: { type: 'enabled', budgetTokens: 1024 }, tools: [] });
  const events: AgentEvent[] = [];
  try {
    for await (const event of agent.query('hello')) events.push(event);
    return { events, requests };
  } finally {
    await agent.close();
  }
}

describe('hostile 400s from a compatible server', () => {
  it('a 400 naming every feature, every time: each used feature learned once, then the 400 is the error', async () => {
    const { events, requests } = await run(EVERY_FEATURE);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
    expect(events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'MODEL_REQUEST_FAILED', status: 400 } });
    expect(requests).toBeGreaterThan(1);
    expect(requests).toBeLessThanOrEqual(MODEL_FEATURES.length + 1);
    expect(events.filter((event) => event.type === 'retry')).toHaveLength(0);
  });

  it('a 400 naming only a feature the request did not use: not learned, one request', async () => {
    const { events, requests } = await run('Extra inputs are not permitted: document');
    expect(events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'MODEL_REQUEST_FAILED', status: 400 } });
    expect(events.filter((event) => event.type === 'warning')).toHaveLength(0);
    expect(requests).toBe(1);
  });
});
