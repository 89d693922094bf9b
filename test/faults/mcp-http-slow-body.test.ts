import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { createFixtureMcpServer } from '../../src/mcp-server/http/test-fixtures/create-fixture-mcp-server.ts';
import { connectHttpClient } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import { serveTestProject, textOf } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';
import type { McpHttpServer } from '../../src/mcp-server/types.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(): Promise<McpHttpServer> {
  const http = await serveMcpHttp({ server: createFixtureMcpServer(), bodyTimeoutMs: 200 });
  cleanups.push(() => http.close());
  return http;
}

/** Writes `head`, then one byte every 20 ms for as long as the server keeps the connection; resolves what it answered once it closes. */
function trickle(port: number, head: string): Promise<string> {
  const socket: Socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => {});
  socket.write(head);
  const timer = setInterval(() => socket.writable && socket.write('x'), 20);
  cleanups.push(() => {
    clearInterval(timer);
    socket.destroy();
  });
  return new Promise((resolve) => socket.once('close', () => {
    clearInterval(timer);
    resolve(answer);
  }));
}

describe('a client that sends its request slowly (slowloris)', () => {
  it('has a body that never ends cut off with 408 and its connection closed', async () => {
    const { port } = await serve();
    const answer = await trickle(port, `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: 1000000\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"x":"`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('has headers that never end cut off with 408 and their connection closed', async () => {
    const { port } = await serve();
    const answer = await trickle(port, `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-slow: `);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('has a connection that never sends a byte closed', async () => {
    const { port } = await serve();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    cleanups.push(() => socket.destroy());
    // Read (Node answers 408 before it closes), or the end of the stream would wait behind the unread answer.
    socket.resume();
    await new Promise((resolve) => socket.once('close', resolve));
  });

  it('does not cut off a call that runs longer than the body timeout: only the request’s arrival is bounded', async () => {
    const project = await serveTestProject();
    cleanups.push(() => project.cleanup());
    const http = await serveMcpHttp({ server: project.server, bodyTimeoutMs: 200 });
    cleanups.push(() => http.close());
    const client = await connectHttpClient(http.url);
    cleanups.push(() => client.close());
    // 40 steps of 20 ms: several times the body timeout, and Node's own request timeout checks run meanwhile.
    expect(textOf(await client.callTool({ name: 'Slow', arguments: { steps: 40 } }))).toBe('counted 40');
  });
});
