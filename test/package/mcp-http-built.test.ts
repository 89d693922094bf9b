/**
 * serveMcpHttp from the built dist/ (`npm run build` first): the SDK's Streamable HTTP server transport and the
 * @hono/node-server it wraps are bundled, so a program that installed codev serves over HTTP without either
 * package, and `import('codev')` loads neither until a server starts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild, userEnvironment } from '../run-child.ts';
import { REPO } from './pack-codev.ts';

const DIST = path.join(REPO, 'dist');
let temp: string;

beforeAll(() => {
  if (!existsSync(path.join(DIST, 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  temp = mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-http-built-'));
  // Every ES module Node loads, through a loader hook (it runs in its own thread).
  writeFileSync(path.join(temp, 'hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.LOADED_LIST, url + '\\n'); return next(url, context); }\n");
  writeFileSync(path.join(temp, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
});

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('serveMcpHttp in the built package', () => {
  it('serves a kernel’s tools to the SDK client over HTTP, loading the transport only when it starts', async () => {
    const url = (file: string) => JSON.stringify(pathToFileURL(file).href);
    const script = `
      import { readFileSync, writeFileSync } from 'node:fs';
      const codev = await import(${url(path.join(DIST, 'index.js'))});
      const { createTestKernel } = await import(${url(path.join(DIST, 'testing/index.js'))});
      const beforeServe = readFileSync(process.env.LOADED_LIST, 'utf8');
      const test = await createTestKernel({ mcp: false, env: {}, files: { 'hello.txt': 'hello from the built package\\n' } });
      const server = codev.createMcpServer({ kernel: test.kernel });
      const http = await codev.serveMcpHttp({ server, token: 'built-token' });
      const { Client } = await import(${url(path.join(REPO, 'node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js'))});
      const { StreamableHTTPClientTransport } = await import(${url(path.join(REPO, 'node_modules/@modelcontextprotocol/sdk/dist/esm/client/streamableHttp.js'))});
      const client = new Client({ name: 'built', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: 'Bearer built-token' } } }));
      const result = await client.callTool({ name: 'Read', arguments: { file_path: test.root + '/hello.txt' } });
      await client.close();
      await http.close();
      await server.close();
      await test.cleanup();
      console.log(JSON.stringify({ text: result.content.map((part) => part.text).join(''), beforeServe: beforeServe.split('\\n').filter(Boolean) }));
    `;
    const list = path.join(temp, 'loaded.txt');
    writeFileSync(list, '');
    const run = await runChild(process.execPath, ['--import', pathToFileURL(path.join(temp, 'register.mjs')).href, '--input-type=module', '-e', script], { cwd: temp, timeoutMs: 60_000, env: userEnvironment({ LOADED_LIST: list }) });
    expect(run.code, run.output).toBe(0);
    const { text, beforeServe } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { text: string; beforeServe: string[] };
    expect(text).toContain('hello from the built package');
    const loaded = readFileSync(list, 'utf8').split('\n');
    // The server transport's chunk is loaded by serveMcpHttp, not by importing codev; no package is read from node_modules but the test's client.
    const transportChunks = loaded.filter((file) => /\/dist\/chunks\/streamableHttp-/.test(file));
    expect(transportChunks.length).toBeGreaterThan(0);
    for (const chunk of transportChunks) expect(beforeServe).not.toContain(chunk);
    expect(loaded.filter((file) => file.includes('/node_modules/@hono/'))).toEqual([]);
  }, 90_000);
});
