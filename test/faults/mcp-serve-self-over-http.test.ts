/**
 * `codev mcp serve --transport http` in a project whose `.mcp.json` names that same server's URL (the README's
 * HTTP entry for Claude Code, put in the project). codev reads that file as a client too; once it listens, a reload
 * connects it to itself, and each round serves its own tools again (`mcp__codev__mcp__codev__Read`...). It must
 * not be its own client: the tools served stay the project's own.
 */
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, it } from 'vitest';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { startCodevHttp, type CodevHttpServer } from '../interop/start-codev-http.ts';

const servers: CodevHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

it('does not become its own MCP client through the project’s .mcp.json when a reload reconnects its servers', async () => {
  const project = realpathSync(removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-self-http-'))));
  const port = await freePort();
  const token = 'self-http-token-0123456789abcdef0123456789';
  writeFileSync(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { codev: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: `Bearer ${token}` } } } }));
  const server = await startCodevHttp({ project, token, flags: ['--port', String(port)] });
  servers.push(server);
  const client = new Client({ name: 'self-http-test', version: '1.0.0' });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    changes++;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  // A config edit: the reload tries the failed server again, now that codev listens.
  writeFileSync(path.join(project, 'codev.config.json'), JSON.stringify({ permissions: { allow: ['Read'] } }));
  for (let polls = 0; polls < 600 && changes === 0; polls++) await sleep(50);
  expect(changes).toBeGreaterThan(0);
  const names = (await client.listTools()).tools.map((tool) => tool.name);
  expect(names).toContain('Read');
  expect(names.filter((name) => name.startsWith('mcp__codev__'))).toEqual([]);
  await client.close();
}, 120_000);
