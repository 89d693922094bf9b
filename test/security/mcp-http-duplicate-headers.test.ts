import { connect } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterEach, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { createFixtureMcpServer } from '../../src/mcp-server/http/test-fixtures/create-fixture-mcp-server.ts';
import { INITIALIZE } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import type { McpHttpServer } from '../../src/mcp-server/types.ts';

let http: McpHttpServer | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

/** The status line of the answer to an initialize sent with `headers` as written (several of a name allowed). */
async function statusOf(port: number, headers: string[]): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const head = ['POST /mcp HTTP/1.1', ...headers, 'content-type: application/json', 'accept: application/json, text/event-stream', `content-length: ${Buffer.byteLength(INITIALIZE)}`, 'connection: close'];
  socket.end(`${head.join('\r\n')}\r\n\r\n${INITIALIZE}`);
  return (await text(socket)).split('\r\n')[0]!;
}

// Node keeps the first of two Host headers, and the first of two Authorization headers; a proxy or gateway in front of
// the server may judge the last. A request with two of either is malformed (RFC 9110: a server must answer 400 to two
// Host headers) and must be refused, not judged on the one the server happens to read.
it('refuses a request with two Host headers or two Authorization headers, whichever comes first', async () => {
  http = await serveMcpHttp({ server: createFixtureMcpServer(), token: 'the-token' });
  const host = `host: 127.0.0.1:${http.port}`;
  const good = 'authorization: Bearer the-token';
  expect(await statusOf(http.port, [host, good])).toMatch(/ 200 /);
  for (const headers of [
    [host, 'host: evil.example', good],
    ['host: evil.example', host, good],
    [host, good, 'authorization: Bearer another'],
    [host, 'authorization: Bearer another', good],
  ]) {
    expect({ headers, status: await statusOf(http.port, headers) }).toMatchObject({ status: expect.stringMatching(/ 400 /) });
  }
});
