/**
 * `codev mcp serve --transport http` (the built CLI) with the MCP SDK's Streamable HTTP client: the URL and the
 * token it prints on stderr are what a client needs; a client without the token is refused; a token of the
 * user's own (CODEV_MCP_TOKEN) works and is not printed; SIGTERM stops it with 143.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { resultText } from './mcp-serve-client.ts';
import { runCodev } from './run-codev.ts';
import { killCodevProcesses, startCodevProcess, type CodevProcess } from './start-codev-process.ts';

/** Bounds against a hang only. */
const LISTENING_WITHIN_MS = 30_000;
const EXIT_WITHIN_MS = 20_000;

let project: TempProject;
const clients: Client[] = [];

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'plugins/greet.ts': toolPlugin('Greet', 'hello ') } });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
  killCodevProcesses();
});
afterAll(async () => {
  await project.cleanup();
});

/** Starts the server and reads its URL (and the token it made, if it printed one) from stderr. */
async function serveHttp(args: readonly string[], env: Record<string, string> = {}): Promise<{ codev: CodevProcess; url: string; token: string | undefined }> {
  const codev = startCodevProcess({ args: ['mcp', 'serve', '--transport', 'http', '--cwd', project.root, ...args], cwd: project.root, env: { CODEV_SANDBOX: '0', NO_COLOR: '1', ...env } });
  await codev.waitForStderr({ pattern: /http:\/\/\S+\/mcp/, timeoutMs: LISTENING_WITHIN_MS });
  const url = /(http:\/\/\S+\/mcp)/.exec(codev.stderr())![1]!;
  return { codev, url, token: /token: (\S+)/.exec(codev.stderr())?.[1] };
}

async function connect(url: string, token: string | undefined): Promise<Client> {
  const client = new Client({ name: 'codev-test-client', version: '1.0.0' });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } } }));
  return client;
}

describe('codev mcp serve --transport http', () => {
  it('prints the URL and a token it made on loopback; a client with them lists and calls, one without is refused; SIGTERM exits 143', { timeout: 90_000 }, async () => {
    const { codev, url, token } = await serveHttp([]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(token, codev.stderr()).toMatch(/^[\w-]{32,}$/);
    const client = await connect(url, token);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['Greet', 'Read', 'Bash']));
    expect(resultText(await client.callTool({ name: 'Greet', arguments: { message: 'over http' } }))).toBe('hello over http');
    await expect(connect(url, undefined)).rejects.toThrow();
    await expect(connect(url, 'not-the-token')).rejects.toThrow();
    expect(await codev.stop({ signal: 'SIGTERM', timeoutMs: EXIT_WITHIN_MS })).toBe(143);
  });

  it("takes CODEV_MCP_TOKEN and does not print it; --no-token serves without one on loopback", { timeout: 90_000 }, async () => {
    const chosen = 'a-token-of-my-own-0123456789abcdef';
    const own = await serveHttp([], { CODEV_MCP_TOKEN: chosen });
    expect(own.codev.stderr()).not.toContain(chosen);
    expect(own.token).toBeUndefined();
    expect(resultText(await (await connect(own.url, chosen)).callTool({ name: 'Greet', arguments: { message: 'mine' } }))).toBe('hello mine');
    expect(await own.codev.stop({ signal: 'SIGINT', timeoutMs: EXIT_WITHIN_MS })).toBe(130);

    const open = await serveHttp(['--no-token']);
    expect(open.codev.stderr()).toContain('--no-token');
    expect(resultText(await (await connect(open.url, undefined)).callTool({ name: 'Greet', arguments: { message: 'anyone' } }))).toBe('hello anyone');
    expect(await open.codev.stop({ signal: 'SIGTERM', timeoutMs: EXIT_WITHIN_MS })).toBe(143);
  });

  it('a port another process listens on: MCP_SERVE_FAILED, exit 1', { timeout: 60_000 }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runCodev(['mcp', 'serve', '--transport', 'http', '--port', String((taken.address() as AddressInfo).port), '--cwd', project.root], { NO_COLOR: '1' });
      expect({ code: run.code, failed: run.stderr.includes('MCP_SERVE_FAILED') }, run.stderr).toEqual({ code: 1, failed: true });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
