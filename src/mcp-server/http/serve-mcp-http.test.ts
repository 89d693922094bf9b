import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rejectionCode } from '../../testing/rejection-code.ts';
import type { McpHttpServer, ServeMcpHttpOptions } from '../types.ts';
import { serveMcpHttp } from './serve-mcp-http.ts';
import { createFixtureMcpServer } from './test-fixtures/create-fixture-mcp-server.ts';
import { connectHttpClient, INITIALIZE, isRunning, openRawSession, POST_HEADERS, rawRequest } from './test-fixtures/mcp-http-requests.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function serve(options: Partial<ServeMcpHttpOptions> = {}) {
  const server = createFixtureMcpServer();
  const http = await serveMcpHttp({ server, ...options });
  cleanups.push(() => http.close());
  return { server, http };
}

async function client(http: McpHttpServer, token?: string): Promise<Client> {
  const connected = await connectHttpClient(http.url, { token });
  cleanups.push(() => connected.close());
  return connected;
}

async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'codev-mcp-http-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

/** Starts `sleep` through the client and resolves its process's PID once it runs; the call's promise beside it. */
async function startSleep(connected: Client): Promise<{ pid: number; call: Promise<unknown> }> {
  const pidFile = path.join(await temporaryFolder(), 'pid');
  const call = connected.callTool({ name: 'sleep', arguments: { pidFile } });
  call.catch(() => {});
  await vi.waitFor(() => expect(existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '').toBe(true), { timeout: 20_000, interval: 20 });
  const pid = Number(readFileSync(pidFile, 'utf8'));
  cleanups.push(async () => isRunning(pid) && process.kill(pid, 'SIGKILL'));
  return { pid, call };
}

describe('serveMcpHttp', () => {
  it('serves tools/list and tools/call to the SDK client over Streamable HTTP', async () => {
    const { http } = await serve();
    expect(http.url).toBe(`http://127.0.0.1:${http.port}/mcp`);
    const connected = await client(http);
    expect((await connected.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'remember', 'recall', 'sleep']);
    expect(await connected.callTool({ name: 'echo', arguments: { text: 'hello' } })).toMatchObject({ content: [{ type: 'text', text: 'hello' }] });
  });

  it('gives each client a session of its own', async () => {
    const { http, server } = await serve();
    const [first, second] = [await client(http), await client(http)];
    expect(server.sessions).toHaveLength(2);
    await first.callTool({ name: 'remember', arguments: { text: 'first' } });
    await second.callTool({ name: 'remember', arguments: { text: 'second' } });
    expect(await first.callTool({ name: 'recall', arguments: {} })).toMatchObject({ content: [{ text: 'first' }] });
    expect(await second.callTool({ name: 'recall', arguments: {} })).toMatchObject({ content: [{ text: 'second' }] });
  });

  it('requires the bearer token when one is set: 401 with WWW-Authenticate without it or with another', async () => {
    const { http } = await serve({ token: 'secret-token' });
    const missing = await rawRequest(http.url, { headers: POST_HEADERS, body: INITIALIZE });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(JSON.parse(missing.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    const wrong = await rawRequest(http.url, { headers: { ...POST_HEADERS, authorization: 'Bearer secret-tokeN' }, body: INITIALIZE });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/invalid_token/);
    await expect(connectHttpClient(http.url)).rejects.toThrow();
    const connected = await client(http, 'secret-token');
    expect(await connected.callTool({ name: 'echo', arguments: { text: 'in' } })).toMatchObject({ content: [{ text: 'in' }] });
  });

  it('refuses a Host header naming another server (DNS rebinding) with 403', async () => {
    const { http } = await serve();
    const answer = await rawRequest(http.url, { headers: { ...POST_HEADERS, host: `evil.example:${http.port}` }, body: INITIALIZE });
    expect(answer.status).toBe(403);
    expect(await openRawSession(http.url, { host: `localhost:${http.port}` })).toMatch(/./);
  });

  it('refuses a foreign Origin with 403 and lets the server’s own and allowed ones through', async () => {
    const { http } = await serve({ allowedOrigins: ['https://app.example'] });
    expect((await rawRequest(http.url, { headers: { ...POST_HEADERS, origin: 'https://evil.example' }, body: INITIALIZE })).status).toBe(403);
    expect((await rawRequest(http.url, { headers: { ...POST_HEADERS, origin: 'null' }, body: INITIALIZE })).status).toBe(403);
    expect(await openRawSession(http.url, { origin: `http://127.0.0.1:${http.port}` })).toMatch(/./);
    expect(await openRawSession(http.url, { origin: 'https://app.example' })).toMatch(/./);
  });

  it('answers 413 to a body past maxBodyBytes, declared or sent in chunks, and opens no session', async () => {
    const { http, server } = await serve({ maxBodyBytes: 1024 });
    const padded = JSON.stringify({ ...JSON.parse(INITIALIZE), padding: 'x'.repeat(2048) });
    expect((await rawRequest(http.url, { headers: POST_HEADERS, body: padded })).status).toBe(413);
    const chunked = await rawRequest(http.url, { headers: { ...POST_HEADERS, 'transfer-encoding': 'chunked' }, body: (write) => { for (let index = 0; index < 4; index++) write(padded.slice(index * 600, (index + 1) * 600)); } });
    expect(chunked.status).toBe(413);
    expect(server.sessions).toHaveLength(0);
  });

  it('refuses a session past maxSessions with 503 (32 by default)', async () => {
    const { http, server } = await serve();
    for (let index = 0; index < 32; index++) await openRawSession(http.url);
    const refused = await rawRequest(http.url, { headers: POST_HEADERS, body: INITIALIZE });
    expect(refused.status).toBe(503);
    expect(server.sessions).toHaveLength(32);
  });

  it('answers 404 to an unknown Mcp-Session-Id and 400 to a request without one that is not an initialize', async () => {
    const { http } = await serve();
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const unknown = await rawRequest(http.url, { headers: { ...POST_HEADERS, 'mcp-session-id': 'no-such-session' }, body: list });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ error: { code: -32001 }, id: null });
    expect((await rawRequest(http.url, { headers: POST_HEADERS, body: list })).status).toBe(400);
  });

  it('ends a session on DELETE: its id is unknown afterwards', async () => {
    const { http, server } = await serve();
    const id = await openRawSession(http.url);
    expect(server.sessions).toHaveLength(1);
    expect((await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(200);
    await vi.waitFor(() => expect(server.sessions).toHaveLength(0));
    expect((await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(404);
  });

  it('closes a session no request has touched for sessionIdleMs', async () => {
    const { http, server } = await serve({ sessionIdleMs: 50 });
    const id = await openRawSession(http.url);
    await vi.waitFor(() => expect(server.sessions).toHaveLength(0), { timeout: 20_000 });
    expect((await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(404);
  });

  it('keeps a session with a running call past sessionIdleMs', async () => {
    const { http, server } = await serve({ sessionIdleMs: 50 });
    const connected = await client(http);
    const { pid } = await startSleep(connected);
    // Idle timers would have fired many times over by the time the call is seen still running.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.sessions).toHaveLength(1);
    expect(isRunning(pid)).toBe(true);
  });

  it('stops the running calls’ processes when the server closes', async () => {
    const { http, server } = await serve();
    const { pid } = await startSleep(await client(http));
    await http.close();
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 20_000 });
    expect(server.sessions).toHaveLength(0);
    await expect(rawRequest(http.url, { headers: POST_HEADERS, body: INITIALIZE })).rejects.toThrow();
  });

  it('refuses to start on a non-loopback host without a token, or on a port in use, with MCP_SERVE_FAILED', async () => {
    const server = createFixtureMcpServer();
    expect(await rejectionCode(serveMcpHttp({ server, host: '0.0.0.0' }))).toBe('MCP_SERVE_FAILED');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as { port: number }).port;
    expect(await rejectionCode(serveMcpHttp({ server, port }))).toBe('MCP_SERVE_FAILED');
  });
});
