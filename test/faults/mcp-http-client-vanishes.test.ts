import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { createFixtureMcpServer } from '../../src/mcp-server/http/test-fixtures/create-fixture-mcp-server.ts';
import { isRunning, openRawSession, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe('a client that vanishes in the middle of a call', () => {
  it('has the call cancelled and its process killed when its socket is destroyed, and its session kept', async () => {
    const server = createFixtureMcpServer();
    const http = await serveMcpHttp({ server });
    cleanups.push(() => http.close());
    const folder = await mkdtemp(path.join(os.tmpdir(), 'codev-mcp-vanish-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const pidFile = path.join(folder, 'pid');
    const session = await openRawSession(http.url);
    const headers = { ...POST_HEADERS, 'mcp-session-id': session };
    await rawRequest(http.url, { headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });

    const call = request(http.url, { method: 'POST', headers, agent: false });
    call.on('error', () => {});
    call.end(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'sleep', arguments: { pidFile } } }));
    await vi.waitFor(() => expect(existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '').toBe(true), { timeout: 20_000, interval: 20 });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    cleanups.push(async () => isRunning(pid) && process.kill(pid, 'SIGKILL'));
    expect(isRunning(pid)).toBe(true);

    call.destroy();
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 20_000, interval: 20 });
    expect(server.sessions).toHaveLength(1);
    const echo = await rawRequest(http.url, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'still here' } } }) });
    expect(echo.status).toBe(200);
    expect(echo.body).toContain('still here');
  });
});
