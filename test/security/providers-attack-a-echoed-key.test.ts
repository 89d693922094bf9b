/**
 * Attack: a server that echoes the credential it was sent in its error ("invalid x-api-key: sk-…", a proxy's
 * debug text with the request's headers). codev quotes a server's words in its errors (MODEL_AUTHENTICATION_FAILED
 * "… refused model … (401: <the server's message>)"), and errors go to the terminal, the transcript and, for a
 * fleet job, to Redis where every submitter reads results: the worker's key would be there. The server may see
 * the key; nothing codev writes may repeat it. Each provider's own credentials are redacted from what it quotes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { ModelSettings } from '../../src/model/providers/types.ts';

const KEY = `sk-ant-echoed-${process.pid}-5d41402abc4b2a76`;
const FOUNDRY_KEY = `foundry-echoed-${process.pid}-7d793037a0760186`;
const BEDROCK_TOKEN = `bedrock-echoed-${process.pid}-9b74c9897bac770e`;
const SECRETS = [KEY, FOUNDRY_KEY, BEDROCK_TOKEN];

let server: http.Server;
let url = '';
beforeAll(async () => {
  // Every request is refused with its own headers in the message, as a careless proxy does.
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const headers = JSON.stringify(request.headers);
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: `invalid credentials in ${headers}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function errorOf(model: ModelSettings, env: Record<string, string>): Promise<{ code: string; message: string }> {
  const agent = createAgent({ model, env: { ...env, CODEV_MAX_RETRIES: '0' }, maxRetryWaitMs: 0 });
  try {
    for await (const event of agent.query('hello')) {
      if (event.type === 'error') return { code: event.error.code, message: JSON.stringify(event.error) };
    }
  } finally {
    await agent.close();
  }
  throw new Error('expected an error event');
}

describe("a server echoing the request's credentials in its error", () => {
  it('the Anthropic key (a compatible server) is not in the error', async () => {
    const { code, message } = await errorOf({ provider: 'anthropic', baseURL: url }, { ANTHROPIC_API_KEY: KEY });
    expect(code).toBe('MODEL_AUTHENTICATION_FAILED');
    for (const secret of SECRETS) expect(message).not.toContain(secret);
  });

  it('the Foundry key is not in the error', async () => {
    const { code, message } = await errorOf({ provider: 'foundry', baseURL: `${url}/anthropic/` }, { ANTHROPIC_FOUNDRY_API_KEY: FOUNDRY_KEY });
    expect(code).toBe('MODEL_AUTHENTICATION_FAILED');
    for (const secret of SECRETS) expect(message).not.toContain(secret);
  });

  it('the Bedrock API key is not in the error', async () => {
    const { code, message } = await errorOf({ provider: 'bedrock', region: 'us-west-2', baseURL: url }, { AWS_BEARER_TOKEN_BEDROCK: BEDROCK_TOKEN, AWS_EC2_METADATA_DISABLED: 'true' });
    expect(code).toBe('MODEL_AUTHENTICATION_FAILED');
    for (const secret of SECRETS) expect(message).not.toContain(secret);
  });
});
