/**
 * Attack: the Anthropic SDK's constructor reads process.env for what it is not given: ANTHROPIC_AUTH_TOKEN (sent as
 * `Authorization: Bearer`), ANTHROPIC_CUSTOM_HEADERS (any headers, a gateway's credential among them) and, for a
 * missing baseURL, ANTHROPIC_BASE_URL. codev resolves a provider from the agent's `env` (a fleet worker's, an
 * embedding server's for one tenant): a token or header in the process's environment went with every provider's
 * requests, to whatever server the agent's settings named, though the agent's env has none of it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { ModelSettings } from '../../src/model/providers/types.ts';

const TOKEN = `process-auth-token-${process.pid}-1f3870be274f6c49`;
const HEADER_SECRET = `process-header-${process.pid}-b6d767d2f8ed5d21`;

let server: http.Server;
let url = '';
const seen: http.IncomingHttpHeaders[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    request.on('end', () => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'no' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

async function headersSent(model: ModelSettings, env: Record<string, string>): Promise<string> {
  vi.stubEnv('ANTHROPIC_AUTH_TOKEN', TOKEN);
  vi.stubEnv('ANTHROPIC_CUSTOM_HEADERS', `X-Gateway-Key: ${HEADER_SECRET}`);
  const before = seen.length;
  const agent = createAgent({ model, env: { ...env, CODEV_MAX_RETRIES: '0' }, maxRetryWaitMs: 0 });
  try {
    for await (const event of agent.query('hello')) if (event.type === 'error') break;
  } finally {
    await agent.close();
  }
  expect(seen.length).toBeGreaterThan(before);
  return JSON.stringify(seen.slice(before));
}

describe("the process's ANTHROPIC_AUTH_TOKEN and ANTHROPIC_CUSTOM_HEADERS, not in the agent's env", () => {
  const cases: Array<[string, ModelSettings, Record<string, string>]> = [
    ['a compatible server', { provider: 'anthropic', baseURL: '' }, { ANTHROPIC_API_KEY: 'sk-agent-own-key' }],
    ['Foundry', { provider: 'foundry', baseURL: '' }, { ANTHROPIC_FOUNDRY_API_KEY: 'foundry-agent-key' }],
    ['Bedrock', { provider: 'bedrock', region: 'us-west-2', baseURL: '' }, { AWS_BEARER_TOKEN_BEDROCK: 'bedrock-agent-key', AWS_EC2_METADATA_DISABLED: 'true' }],
  ];
  for (const [name, model, env] of cases) {
    it(`are not sent to ${name}`, async () => {
      const sent = await headersSent({ ...model, baseURL: model.provider === 'foundry' ? `${url}/anthropic/` : url }, env);
      expect(sent).not.toContain(TOKEN);
      expect(sent).not.toContain(HEADER_SECRET);
    });
  }

  it("the agent's own ANTHROPIC_CUSTOM_HEADERS still go with its requests", async () => {
    const sent = await headersSent({ provider: 'foundry', baseURL: `${url}/anthropic/` }, { ANTHROPIC_FOUNDRY_API_KEY: 'foundry-agent-key', ANTHROPIC_CUSTOM_HEADERS: 'X-Own-Header: own-value-4a8a08f09d37' });
    expect(sent).toContain('own-value-4a8a08f09d37');
    expect(sent).not.toContain(HEADER_SECRET);
  });
});
