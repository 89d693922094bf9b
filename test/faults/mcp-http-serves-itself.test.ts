import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { serveTestProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

// The README gives Claude Code the served URL in the project's .mcp.json, the file codev reads for the MCP servers it
// consumes itself: a codev serving that project over HTTP connected to itself at its next reload, its pool then
// holding its own tools again as mcp__self__*, and those again at each reload (mcp__self__mcp__self__Bash...) until
// the names passed 64 characters, each call of them going round through its own server.
it('a kernel served over HTTP does not consume its own server, which its .mcp.json names', { timeout: 60_000 }, async () => {
  const project = await serveTestProject({ kernel: { mcp: {} } });
  cleanups.push(() => project.cleanup());
  const http = await serveMcpHttp({ server: project.server });
  cleanups.push(() => http.close());
  writeFileSync(path.join(project.root, '.mcp.json'), JSON.stringify({ mcpServers: { self: { type: 'http', url: http.url } } }));
  for (let reload = 0; reload < 2; reload++) await project.test.kernel.reload();
  expect(project.test.kernel.tools.map((tool) => tool.name).filter((name) => name.startsWith('mcp__'))).toEqual([]);
  expect(project.test.kernel.tools.map((tool) => tool.name)).toContain('Shout');
});
