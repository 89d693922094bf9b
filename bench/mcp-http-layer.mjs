#!/usr/bin/env node
/**
 * What serveMcpHttp's layer (Host, Origin and token checks, the bounded body read, the session table, the idle
 * timer) adds to a tools/call over Streamable HTTP, against the MCP SDK's own way of serving on node:http (its
 * StreamableHTTPServerTransport per session, the body parsed and handed over, as the SDK's examples do). Both
 * serve the same plain SDK `Server` with one `echo` tool, so only the HTTP layer differs; one SDK client each,
 * over keep-alive connections on loopback.
 *
 *   node bench/mcp-http-layer.mjs [--rounds N] [--calls N]
 *
 * One process, the cases alternating round by round (order rotated each round), so all see the same machine
 * load. A second codev endpoint, identical to the first, gives the A/A ratio: the noise to read the A/B one
 * against. Prints each case's median µs per call (wall time: a call is a round trip) with its rounds' min–max.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createJiti } from 'jiti';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, isInitializeRequest, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const args = process.argv.slice(2);
const option = (flag, fallback) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : fallback);
const ROUNDS = option('--rounds', 15);
const CALLS = option('--calls', 300);
const WARMUP = 2;

const jiti = createJiti(import.meta.url);
const { serveMcpHttp } = await jiti.import('../src/mcp-server/http/serve-mcp-http.ts');

/** A plain SDK server with one tool, per session. */
async function connectEcho(transport) {
  const server = new Server({ name: 'echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: 'text', text: String(request.params.arguments?.text) }] }));
  let ended;
  const closed = new Promise((resolve) => (ended = resolve));
  server.onclose = () => ended();
  await server.connect(transport);
  return { id: randomUUID(), runningCalls: 0, closed, close: () => server.close() };
}
const codevMcpServer = { kernel: undefined, sessions: [], connect: connectEcho, close: async () => {} };

/** The SDK's own pattern: a transport per session, found by Mcp-Session-Id, a new one for an initialize. */
async function serveSdkBare() {
  const transports = new Map();
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    let transport = transports.get(request.headers['mcp-session-id']);
    if (!transport && request.method === 'POST' && isInitializeRequest(body)) {
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => transports.set(id, transport) });
      await connectEcho(transport);
    }
    if (!transport) return void response.writeHead(404).end();
    await transport.handleRequest(request, response, body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    close: async () => {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function connectClient(url) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const endpoints = [
  { name: 'sdk-bare', server: await serveSdkBare() },
  { name: 'codev', server: await serveMcpHttp({ server: codevMcpServer }) },
  { name: 'codev-again (A/A)', server: await serveMcpHttp({ server: codevMcpServer }) },
];
for (const endpoint of endpoints) {
  endpoint.client = await connectClient(endpoint.server.url);
  endpoint.rounds = [];
}

for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const order = endpoints.map((_, index) => endpoints[(index + round) % endpoints.length]);
  for (const endpoint of order) {
    const started = performance.now();
    for (let call = 0; call < CALLS; call++) await endpoint.client.callTool({ name: 'echo', arguments: { text: 'x' } });
    if (round >= WARMUP) endpoint.rounds.push(((performance.now() - started) * 1000) / CALLS);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const [bare, codev, again] = endpoints.map((endpoint) => median(endpoint.rounds));
console.log(`tools/call over Streamable HTTP on loopback, ${ROUNDS} rounds of ${CALLS} calls, node ${process.version}`);
for (const endpoint of endpoints) {
  const sorted = [...endpoint.rounds].sort((a, b) => a - b);
  console.log(`  ${endpoint.name.padEnd(18)} ${median(endpoint.rounds).toFixed(0).padStart(6)} µs/call  (rounds ${sorted[0].toFixed(0)}–${sorted.at(-1).toFixed(0)})`);
}
console.log(`  codev / sdk-bare: ${(codev / bare).toFixed(2)}×    A/A codev-again / codev: ${(again / codev).toFixed(2)}×`);
for (const endpoint of endpoints) {
  await endpoint.client.close();
  await endpoint.server.close();
}
