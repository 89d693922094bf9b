import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { createFixtureMcpServer } from '../../src/mcp-server/http/test-fixtures/create-fixture-mcp-server.ts';
import { connectHttpClient } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import type { McpHttpServer } from '../../src/mcp-server/types.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import { CodevError } from '../../src/errors/codev-error.ts';

const started: McpHttpServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((http) => http.close()));
});

// A token no client can present (`Authorization: Bearer <token>` carries one word of token characters) would
// give a server that looks guarded and refuses everyone: it must not start, and must not show the token.
describe('a bearer token no client can send', () => {
  it('stops serveMcpHttp with MCP_SERVE_FAILED, whose text does not contain it', async () => {
    for (const token of ['', ' ', 'two words', ' padded', 'tab\there', 'line\nbreak', 'ünïcode']) {
      for (const host of ['127.0.0.1', '0.0.0.0']) {
        const serving = serveMcpHttp({ server: createFixtureMcpServer(), host, token }).then((http) => (started.push(http), http));
        expect(await rejectionCode(serving), JSON.stringify({ token, host })).toBe('MCP_SERVE_FAILED');
        const error = await serving.catch((caught: unknown) => caught);
        if (token.trim() !== '' && CodevError.isInstance(error)) expect(`${error.message} ${error.hint ?? ''}`).not.toContain(token);
      }
    }
  });

  it('leaves every token a client can send working, the RFC 6750 characters included', async () => {
    const token = 'Az09-._~+/token==';
    const http = await serveMcpHttp({ server: createFixtureMcpServer(), token });
    started.push(http);
    const client = await connectHttpClient(http.url, { token });
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });
});
