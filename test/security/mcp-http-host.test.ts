import { connect } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { createFixtureMcpServer } from '../../src/mcp-server/http/test-fixtures/create-fixture-mcp-server.ts';
import { INITIALIZE, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import type { McpHttpServer, ServeMcpHttpOptions } from '../../src/mcp-server/types.ts';

let http: McpHttpServer | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

async function serve(options: Partial<ServeMcpHttpOptions> = {}): Promise<McpHttpServer> {
  http = await serveMcpHttp({ server: createFixtureMcpServer(), ...options });
  return http;
}

const initialize = async (url: string, headers: Record<string, string>) => (await rawRequest(url, { headers: { ...POST_HEADERS, ...headers }, body: INITIALIZE })).status;

describe('the Host and Origin checks of serveMcpHttp (DNS rebinding)', () => {
  it('refuses every spelling of Host that does not name this server: other names, a trailing dot, another port, no port', async () => {
    const { url, port } = await serve();
    const refused = [
      `evil.example:${port}`,
      `EVIL.EXAMPLE:${port}`,
      `localhost.:${port}`,
      `127.0.0.1.:${port}`,
      `localhost.evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      `127.0.0.1:${port}@evil.example`,
      `127.0.0.1:0${port}`,
      'localhost',
      '127.0.0.1',
      '[::1]',
      `::1:${port}`,
    ];
    for (const host of refused) expect({ host, status: await initialize(url, { host }) }).toEqual({ host, status: 403 });
  });

  it('refuses a request without Host (HTTP/1.0, which Node lets through)', async () => {
    const { port } = await serve();
    const socket = connect(port, '127.0.0.1');
    socket.end(`POST /mcp HTTP/1.0\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${Buffer.byteLength(INITIALIZE)}\r\n\r\n${INITIALIZE}`);
    const answer = (await text(socket)).split('\r\n')[0];
    expect(answer).toMatch(/^HTTP\/1\.[01] 403 /);
  });

  it('accepts the loopback names with the port, in any case, IPv6 in brackets', async () => {
    const { url, port } = await serve();
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
      expect({ host, status: await initialize(url, { host }) }).toEqual({ host, status: 200 });
    }
  });

  it('served on IPv6 loopback, accepts [::1] and the other loopback names with the port, and nothing else', async () => {
    const { url, port } = await serve({ host: '::1' });
    expect(url).toBe(`http://[::1]:${port}/mcp`);
    for (const host of [`[::1]:${port}`, `localhost:${port}`, `127.0.0.1:${port}`]) expect({ host, status: await initialize(url, { host }) }).toEqual({ host, status: 200 });
    for (const host of ['[::1]', `[::1]:${port + 1}`, `::1:${port}`, `[0:0:0:0:0:0:0:1]:${port}`, `evil.example:${port}`]) expect({ host, status: await initialize(url, { host }) }).toEqual({ host, status: 403 });
  });

  it('refuses an Origin that is not the server’s own or allowed, however close its spelling', async () => {
    const { url, port } = await serve({ allowedOrigins: ['https://app.example'] });
    const refused = [
      'null',
      `http://127.0.0.1:${port}.evil.example`,
      `http://localhost:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port}/`,
      `http://localhost.:${port}`,
      'https://app.example.evil.example',
      'http://app.example',
      'https://app.example:8443',
    ];
    for (const origin of refused) expect({ origin, status: await initialize(url, { origin }) }).toEqual({ origin, status: 403 });
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`, 'https://app.example']) {
      expect({ origin, status: await initialize(url, { origin }) }).toEqual({ origin, status: 200 });
    }
  });

  it('refuses to serve a network address without a token, and checks Host there too', async () => {
    const server = createFixtureMcpServer();
    await expect(serveMcpHttp({ server, host: '0.0.0.0' })).rejects.toMatchObject({ code: 'MCP_SERVE_FAILED' });
    await expect(serveMcpHttp({ server, host: '::' })).rejects.toMatchObject({ code: 'MCP_SERVE_FAILED' });
    await expect(serveMcpHttp({ server, host: '0.0.0.0', token: '' })).rejects.toMatchObject({ code: 'MCP_SERVE_FAILED' });
    const { url, port } = await serve({ host: '0.0.0.0', token: 'network-token' });
    const authorization = 'Bearer network-token';
    expect(await initialize(url.replace('0.0.0.0', '127.0.0.1'), { authorization, host: `evil.example:${port}` })).toBe(403);
    expect(await initialize(url.replace('0.0.0.0', '127.0.0.1'), { authorization, host: `127.0.0.1:${port}` })).toBe(200);
  });
});
