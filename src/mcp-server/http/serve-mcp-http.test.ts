import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { metaOf, serveTestProject, textOf, type ServedProject } from '../test-fixtures/serve-test-project.ts';
import type { McpHttpServer, ServeMcpHttpOptions } from '../types.ts';
import { serveMcpHttp } from './serve-mcp-http.ts';
import { startSleeper } from './test-fixtures/find-sleeper.ts';
import { connectHttpClient, INITIALIZE, isRunning, openGetStream, openRawSession, POST_HEADERS, rawRequest } from './test-fixtures/mcp-http-requests.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** A real project (plugins, rules, a hook) served by createMcpServer over a real kernel, on HTTP. */
async function serve(options: Partial<ServeMcpHttpOptions> & { project?: Parameters<typeof serveTestProject>[0] } = {}): Promise<{ project: ServedProject; http: McpHttpServer }> {
  const { project: projectOptions, ...httpOptions } = options;
  const project = await serveTestProject(projectOptions);
  cleanups.push(() => project.cleanup());
  const http = await serveMcpHttp({ server: project.server, ...httpOptions });
  cleanups.push(() => http.close());
  return { project, http };
}

async function client(http: McpHttpServer, options: Parameters<typeof connectHttpClient>[1] = {}): Promise<Client> {
  const connected = await connectHttpClient(http.url, options);
  cleanups.push(() => connected.close());
  return connected;
}

const sessionIdOf = (connected: Client) => (connected.transport as unknown as { sessionId: string }).sessionId;

describe('serveMcpHttp', () => {
  it('serves the project’s tools to the SDK client over Streamable HTTP, with its rules and hooks', async () => {
    const { http } = await serve();
    expect(http.url).toBe(`http://127.0.0.1:${http.port}/mcp`);
    const connected = await client(http);
    expect((await connected.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['Bash', 'Read', 'Shout']));
    expect(textOf(await connected.callTool({ name: 'Shout', arguments: { text: 'hello' } }))).toBe('HELLO');
    const hooked = await connected.callTool({ name: 'Shout', arguments: { text: 'blocked' } });
    expect(hooked.isError).toBe(true);
    const denied = await connected.callTool({ name: 'Bash', arguments: { command: 'rm -rf plugins' } });
    expect(metaOf(denied)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny' } });
  });

  it('gives each client a session of its own: its id, its session folder, its own answers to asks', async () => {
    const { http, project } = await serve();
    const asking = await client(http, { elicit: () => ({ action: 'accept', content: { decision: 'allow_once' } }) });
    const silent = await client(http);
    expect(project.server.sessions.map((session) => session.id).sort()).toEqual([sessionIdOf(asking), sessionIdOf(silent)].sort());
    const folders = (await readdir(path.join(project.root, '.codev', 'sessions'))).filter((name) => name.startsWith('mcp-'));
    expect(folders).toHaveLength(2);
    const allowed = await asking.callTool({ name: 'Bash', arguments: { command: 'touch asked.txt' } });
    expect(allowed.isError).toBeFalsy();
    expect(existsSync(path.join(project.root, 'asked.txt'))).toBe(true);
    const denied = await silent.callTool({ name: 'Bash', arguments: { command: 'touch silent.txt' } });
    expect(metaOf(denied)).toMatchObject({ errorCode: 'PERMISSION_DENIED' });
    expect(existsSync(path.join(project.root, 'silent.txt'))).toBe(false);
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
    const connected = await client(http, { token: 'secret-token' });
    expect(textOf(await connected.callTool({ name: 'Shout', arguments: { text: 'in' } }))).toBe('IN');
  });

  it('refuses a Host header naming another server (DNS rebinding) with 403', async () => {
    const { http } = await serve();
    expect((await rawRequest(http.url, { headers: { ...POST_HEADERS, host: `evil.example:${http.port}` }, body: INITIALIZE })).status).toBe(403);
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
    const { http, project } = await serve({ maxBodyBytes: 1024 });
    const padded = JSON.stringify({ ...JSON.parse(INITIALIZE), padding: 'x'.repeat(2048) });
    expect((await rawRequest(http.url, { headers: POST_HEADERS, body: padded })).status).toBe(413);
    const chunked = await rawRequest(http.url, {
      headers: { ...POST_HEADERS, 'transfer-encoding': 'chunked' },
      body: (write) => {
        for (let index = 0; index < 4; index++) write(padded.slice(index * 600, (index + 1) * 600));
      },
    });
    expect(chunked.status).toBe(413);
    expect(project.server.sessions).toHaveLength(0);
  });

  it('refuses a session past maxSessions with 503 (32 by default) when every session is in use', async () => {
    const { http, project } = await serve();
    for (let index = 0; index < 32; index++) {
      const stream = await openGetStream(http.url, await openRawSession(http.url));
      cleanups.push(async () => stream.destroy());
    }
    expect((await rawRequest(http.url, { headers: POST_HEADERS, body: INITIALIZE })).status).toBe(503);
    expect(project.server.sessions).toHaveLength(32);
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
    const { http, project } = await serve();
    const id = await openRawSession(http.url);
    expect(project.server.sessions.map((session) => session.id)).toEqual([id]);
    expect((await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(200);
    await vi.waitFor(() => expect(project.server.sessions).toHaveLength(0));
    expect((await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(404);
  });

  it('stops a session’s running call when the client DELETEs it', async () => {
    const { http, project } = await serve({ project: { kernel: { permissionMode: 'bypassPermissions' } } });
    const connected = await client(http);
    const sleeper = await startSleeper((command) => connected.callTool({ name: 'Bash', arguments: { command } }, undefined, { timeout: 120_000 }));
    cleanups.push(async () => isRunning(sleeper.pid) && process.kill(sleeper.pid, 'SIGKILL'));
    expect((await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': sessionIdOf(connected) } })).status).toBe(200);
    await vi.waitFor(() => expect(isRunning(sleeper.pid)).toBe(false), { timeout: 20_000, interval: 20 });
    await vi.waitFor(() => expect(project.server.sessions).toHaveLength(0));
  });

  it('closes a session no request has touched for sessionIdleMs', async () => {
    const { http, project } = await serve({ sessionIdleMs: 50 });
    const id = await openRawSession(http.url);
    await vi.waitFor(() => expect(project.server.sessions).toHaveLength(0), { timeout: 20_000 });
    expect((await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(404);
  });

  it('keeps the session of a client that listens on its GET stream, and closes it once the client has gone', async () => {
    const { http, project } = await serve({ sessionIdleMs: 50 });
    const connected = await connectHttpClient(http.url);
    // Idle timers would have fired many times over by then, were the open stream not counted.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textOf(await connected.callTool({ name: 'Shout', arguments: { text: 'listening' } }))).toBe('LISTENING');
    expect(project.server.sessions).toHaveLength(1);
    // Gone without DELETE: the SDK client's close only drops its streams.
    await connected.close();
    await vi.waitFor(() => expect(project.server.sessions).toHaveLength(0), { timeout: 20_000 });
  });

  it('keeps a session whose call runs past sessionIdleMs', async () => {
    const { http, project } = await serve({ sessionIdleMs: 50, project: { kernel: { permissionMode: 'bypassPermissions' } } });
    const connected = await client(http);
    const sleeper = await startSleeper((command) => connected.callTool({ name: 'Bash', arguments: { command } }, undefined, { timeout: 120_000 }));
    cleanups.push(async () => isRunning(sleeper.pid) && process.kill(sleeper.pid, 'SIGKILL'));
    // Idle timers would have fired many times over by the time the call is seen still running.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(project.server.sessions).toHaveLength(1);
    expect(isRunning(sleeper.pid)).toBe(true);
  });

  it('stops the running calls’ processes and ends the sessions when the server closes', async () => {
    const { http, project } = await serve({ project: { kernel: { permissionMode: 'bypassPermissions' } } });
    const connected = await client(http);
    const sleeper = await startSleeper((command) => connected.callTool({ name: 'Bash', arguments: { command } }, undefined, { timeout: 120_000 }));
    cleanups.push(async () => isRunning(sleeper.pid) && process.kill(sleeper.pid, 'SIGKILL'));
    await http.close();
    expect(isRunning(sleeper.pid)).toBe(false);
    expect(project.server.sessions).toHaveLength(0);
    await expect(rawRequest(http.url, { headers: POST_HEADERS, body: INITIALIZE })).rejects.toThrow();
  });

  it('refuses to start on a non-loopback host without a token, or on a port in use, with MCP_SERVE_FAILED', async () => {
    const { project } = await serve();
    expect(await rejectionCode(serveMcpHttp({ server: project.server, host: '0.0.0.0' }))).toBe('MCP_SERVE_FAILED');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as { port: number }).port;
    expect(await rejectionCode(serveMcpHttp({ server: project.server, port }))).toBe('MCP_SERVE_FAILED');
    expect(await rejectionCode(serveMcpHttp({ server: project.server, port: 70_000 }))).toBe('MCP_SERVE_FAILED');
  });
});
