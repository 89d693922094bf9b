import { request, type ClientRequest } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { startSleeper } from '../../src/mcp-server/http/test-fixtures/find-sleeper.ts';
import { isRunning, openRawSession, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import { serveTestProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe('a client that vanishes in the middle of a call', () => {
  it('has the call cancelled and its Bash process killed when its socket is destroyed, and its session kept', async () => {
    const project = await serveTestProject({ kernel: { permissionMode: 'bypassPermissions' } });
    cleanups.push(() => project.cleanup());
    const http = await serveMcpHttp({ server: project.server });
    cleanups.push(() => http.close());
    const session = await openRawSession(http.url);
    const headers = { ...POST_HEADERS, 'mcp-session-id': session };
    await rawRequest(http.url, { headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });

    let call!: ClientRequest;
    const sleeper = await startSleeper(
      (command) =>
        new Promise((resolve, reject) => {
          call = request(http.url, { method: 'POST', headers, agent: false }, resolve);
          call.on('error', reject);
          call.end(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'Bash', arguments: { command } } }));
        }),
    );
    cleanups.push(async () => isRunning(sleeper.pid) && process.kill(sleeper.pid, 'SIGKILL'));
    expect(isRunning(sleeper.pid)).toBe(true);

    call.destroy();
    await vi.waitFor(() => expect(isRunning(sleeper.pid)).toBe(false), { timeout: 20_000, interval: 20 });
    expect(project.server.sessions.map((open) => open.id)).toEqual([session]);
    const shout = await rawRequest(http.url, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'Shout', arguments: { text: 'still here' } } }) });
    expect(shout.status).toBe(200);
    expect(shout.body).toContain('STILL HERE');
  });
});
