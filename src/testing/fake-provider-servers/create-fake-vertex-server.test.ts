import { createSign } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { GoogleAuth, OAuth2Client } from 'google-auth-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorReply, textReply, toolUseReply } from '../fake-messages-server/fake-reply.ts';
import { createFakeVertexServer } from './create-fake-vertex-server.ts';
import type { FakeVertexServer, FakeVertexServerOptions } from './types.ts';
import { CLOUD_PLATFORM_SCOPE } from './verify-google-jwt.ts';
import { writeFakeServiceAccountFile } from './write-fake-service-account-file.ts';

const PROJECT = 'fake-project';
const REGION = 'us-east5';
const MODEL = 'claude-sonnet-4-6';
const USER_TURN = [{ role: 'user' as const, content: 'Weather in Oslo?' }];

let servers: FakeVertexServer[] = [];
let directory: string;

beforeEach(async () => {
  // google-auth-library must never probe the metadata server.
  process.env.METADATA_SERVER_DETECTION = 'none';
  directory = await mkdtemp(join(tmpdir(), 'codev-fake-vertex-'));
});

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  await rm(directory, { recursive: true, force: true });
});

async function start(options: Partial<FakeVertexServerOptions> & Pick<FakeVertexServerOptions, 'script'>) {
  const server = await createFakeVertexServer({ projectId: PROJECT, region: REGION, ...options });
  servers.push(server);
  const account = await writeFakeServiceAccountFile({ directory, server, projectId: PROJECT });
  const googleAuth = new GoogleAuth({ keyFilename: account.path, scopes: CLOUD_PLATFORM_SCOPE });
  const vertex = new AnthropicVertex({ region: REGION, projectId: PROJECT, googleAuth, baseURL: server.baseURL, maxRetries: 0 });
  return { server, vertex, account };
}

/** A service account's jwt-bearer assertion, signed as google-auth-library signs it. */
async function assertion(accountPath: string, claims: Record<string, unknown>): Promise<string> {
  const account = JSON.parse(await readFile(accountPath, 'utf8'));
  const now = Math.floor(Date.now() / 1000);
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ iss: account.client_email, scope: CLOUD_PLATFORM_SCOPE, aud: account.token_uri, iat: now, exp: now + 3600, ...claims })).toString('base64url');
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(account.private_key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

describe('createFakeVertexServer', () => {
  it('streams text to :streamRawPredict for a service account of a throwaway key file, its JWT verified', async () => {
    const { server, vertex, account } = await start({ script: [textReply('Cold in Oslo.')] });
    const stream = vertex.messages.stream({ model: MODEL, max_tokens: 256, messages: USER_TURN });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(deltas.join('')).toBe('Cold in Oslo.');
    expect(message.stop_reason).toBe('end_turn');
    const [request] = server.requests;
    expect(request?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/anthropic/models/${MODEL}:streamRawPredict`);
    const wireBody = JSON.parse(request!.rawBody);
    expect(wireBody).not.toHaveProperty('model');
    expect(wireBody).toMatchObject({ stream: true, anthropic_version: expect.any(String) });
    const jwt = request!.headers.authorization!.replace(/^Bearer /, '').split('.');
    expect(JSON.parse(Buffer.from(jwt[1]!, 'base64url').toString())).toMatchObject({ iss: account.clientEmail, scope: CLOUD_PLATFORM_SCOPE });
  });

  it('answers tool use and thinking over :rawPredict, and counts tokens at count-tokens:rawPredict', async () => {
    const { server, vertex } = await start({ script: [{ content: [{ type: 'thinking', thinking: 'Oslo is in Norway.' }, { type: 'tool_use', name: 'get_weather', input: { city: 'Oslo' } }] }] });
    const message = await vertex.messages.create({ model: MODEL, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: USER_TURN, tools: [{ name: 'get_weather', input_schema: { type: 'object' } }] });
    expect(message.content.map((block) => block.type)).toEqual(['thinking', 'tool_use']);
    expect(server.requests[0]?.path).toMatch(/:rawPredict$/);
    const count = await vertex.messages.countTokens({ model: MODEL, messages: USER_TURN });
    expect(count.input_tokens).toBeGreaterThan(0);
    expect(server.requests[1]?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/anthropic/models/count-tokens:rawPredict`);
  });

  it('issues an access token for a jwt-bearer assertion at token_uri, and accepts it as the bearer', async () => {
    const { server, account } = await start({ script: [textReply('Token accepted.')] });
    const response = await fetch(server.tokenURL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: await assertion(account.path, {}) }),
    });
    expect(response.status).toBe(200);
    const token = await response.json();
    expect(token).toEqual({ access_token: expect.stringMatching(/^ya29\./), expires_in: 3600, token_type: 'Bearer' });
    const authClient = new OAuth2Client();
    authClient.setCredentials({ access_token: token.access_token, expiry_date: Date.now() + 3_600_000 });
    const vertex = new AnthropicVertex({ region: REGION, projectId: PROJECT, authClient, baseURL: server.baseURL, maxRetries: 0 });
    expect((await vertex.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN })).content[0]).toMatchObject({ text: 'Token accepted.' });
  });

  it('refuses an assertion for another audience, without the scope, or signed by another key', async () => {
    const { server, account } = await start({ script: [] });
    const other = await writeFakeServiceAccountFile({ directory, server: await createFakeVertexServer({ script: [] }).then((created) => (servers.push(created), created)) });
    const cases = [
      await assertion(account.path, { aud: 'https://elsewhere.test/token' }),
      await assertion(account.path, { scope: 'https://www.googleapis.com/auth/userinfo.email' }),
      await assertion(other.path, {}),
    ];
    for (const jwt of cases) {
      const response = await fetch(server.tokenURL, { method: 'POST', body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jwt }) });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('invalid_grant');
    }
    expect(server.issuedTokens).toEqual([]);
  });

  it('refuses a token it did not issue with 401 UNAUTHENTICATED', async () => {
    const { server } = await start({ script: [] });
    const authClient = new OAuth2Client();
    authClient.setCredentials({ access_token: 'ya29.not-issued', expiry_date: Date.now() + 3_600_000 });
    const vertex = new AnthropicVertex({ region: REGION, projectId: PROJECT, authClient, baseURL: server.baseURL, maxRetries: 0 });
    const error = await vertex.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it('retries a 429 RESOURCE_EXHAUSTED, and passes a mid-stream error event through', async () => {
    const { server, vertex } = await start({ script: [errorReply(429), toolUseReply('get_weather', { city: 'Oslo' }), { content: [{ type: 'text', text: 'Half of it' }], failAfterEvents: 3 }] });
    const retried = await vertex.withOptions({ maxRetries: 1 }).messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN }).finalMessage();
    expect(retried.content[0]).toMatchObject({ type: 'tool_use', input: { city: 'Oslo' } });
    expect(server.requests).toHaveLength(2);
    const error = await vertex.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN }).finalMessage().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ error: { type: 'overloaded_error' } });
  });
});
