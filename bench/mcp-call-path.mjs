#!/usr/bin/env node
/**
 * The CPU cost of one tools/call through createMcpServer (a plugin tool the rules allow at once, no ask), in
 * two checkouts in ONE process, interleaved round by round (order rotated), with a second copy of the first
 * checkout for the A/A figure: the way to see what a change to the MCP call path costs on a noisy machine.
 * Each side: a real kernel over a temp project (in node_modules/.cache, so plugins resolve zod), the MCP SDK's
 * Client over InMemoryTransport. Prints each side's median µs of process CPU time per call and its ratio.
 *
 *   git worktree add /tmp/base main && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   node --expose-gc bench/mcp-call-path.mjs /tmp/base .
 */
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createJiti } from 'jiti';
const [mainRoot, thisRoot] = process.argv.slice(2).map((root) => path.resolve(root));
const ROUNDS = 21, CALLS = 300;
const cache = path.resolve(thisRoot, 'node_modules/.cache');
async function side(root, label) {
  const jiti = createJiti(path.join(root, 'bench', 'run.mjs'));
  const { createMcpServer } = await jiti.import(path.join(root, 'src/mcp-server/create-mcp-server.ts'));
  const { createKernel } = await jiti.import(path.join(root, 'src/index.ts'));
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
  const dir = mkdtempSync(path.join(cache, 'mcp-call-path-'));
  mkdirSync(path.join(dir, 'plugins'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(dir, 'plugins/shout.ts'), `import { z } from 'zod';\nimport { buildTool } from '${path.join(root, 'src/tool/build-tool.ts')}';\nexport default buildTool({ name: 'Shout', description: 'x', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, call: ({ text }) => ({ data: text.toUpperCase() }) });\n`);
  const kernel = await createKernel({ cwd: dir, mcp: false, env: {}, permissionMode: 'default' });
  const server = createMcpServer({ kernel });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(a);
  return { label, samples: [], async round() { const t = process.cpuUsage(); for (let i = 0; i < CALLS; i++) { const r = await client.callTool({ name: 'Shout', arguments: { text: 'hi' } }); if (r.isError) throw new Error(JSON.stringify(r)); } const u = process.cpuUsage(t); return (u.user + u.system) / CALLS; }, async close() { await client.close(); await server.close(); await kernel.close(); rmSync(dir, { recursive: true, force: true }); } };
}
const sides = [await side(mainRoot, 'base'), await side(mainRoot, 'base (A/A)'), await side(thisRoot, 'this')];
for (let round = 0; round < ROUNDS + 2; round++) {
  const order = sides.map((_, i) => sides[(i + round) % sides.length]);
  for (const s of order) { globalThis.gc?.(); const us = await s.round(); if (round >= 2) s.samples.push(us); }
}
const median = (v) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];
const base = median(sides[0].samples);
for (const s of sides) console.log(`${s.label}: ${median(s.samples).toFixed(1)} µs CPU/call, ratio to base ${(median(s.samples) / base).toFixed(3)}`);
for (const s of sides) await s.close();
process.exit(0);
