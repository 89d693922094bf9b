import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { createFixtureMcpServer } from '../../src/mcp-server/http/test-fixtures/create-fixture-mcp-server.ts';
import { connectHttpClient, INITIALIZE } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import type { McpHttpServer } from '../../src/mcp-server/types.ts';

let http: McpHttpServer | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

/** Opens a connection, writes `text`, waits for the first byte of an answer when `awaitAnswer`, then destroys it. */
function dropAfter(port: number, text: string, awaitAnswer: boolean): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      if (!awaitAnswer) setImmediate(() => socket.destroy());
    });
    socket.once('data', () => socket.destroy());
    socket.once('error', () => {});
    socket.once('close', () => resolve());
  });
}

describe('200 connections opened and dropped', () => {
  it('leave no session behind: half-sent requests open none, and abandoned sessions are closed when idle', async () => {
    const server = createFixtureMcpServer();
    http = await serveMcpHttp({ server, maxSessions: 200, sessionIdleMs: 100 });
    const { port } = http;
    const head = (length: number) => `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${length}\r\n\r\n`;
    const drops: Promise<void>[] = [];
    for (let index = 0; index < 50; index++) {
      drops.push(dropAfter(port, '', false));
      drops.push(dropAfter(port, head(Buffer.byteLength(INITIALIZE)).slice(0, 40), false));
      drops.push(dropAfter(port, head(Buffer.byteLength(INITIALIZE)) + INITIALIZE.slice(0, 60), false));
      // A whole initialize, its session opened, then the client gone without DELETE.
      drops.push(dropAfter(port, head(Buffer.byteLength(INITIALIZE)) + INITIALIZE, true));
    }
    await Promise.all(drops);
    await vi.waitFor(() => expect(server.sessions).toHaveLength(0), { timeout: 20_000, interval: 20 });
    expect(server.endedSessions).toBeGreaterThan(0);
    expect(server.endedSessions).toBeLessThanOrEqual(50);

    const client = await connectHttpClient(http.url);
    try {
      expect(await client.callTool({ name: 'echo', arguments: { text: 'served' } })).toMatchObject({ content: [{ text: 'served' }] });
    } finally {
      await client.close();
    }
  });
});
