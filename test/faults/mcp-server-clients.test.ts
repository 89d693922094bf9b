import { readdir, readFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaOf, serveTestProject, textOf, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// Clients that misbehave or crowd the server: each session keeps to itself, a client gone mid-call takes
// its calls and their processes with it, garbage is answered with protocol errors, and a thousand calls
// in flight all get their own result.

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

async function serve(options: Parameters<typeof serveTestProject>[0] = {}): Promise<ServedProject> {
  const project = await serveTestProject(options);
  served.push(project);
  return project;
}

async function pidsOf(argv: readonly string[]): Promise<number[]> {
  const wanted = `${argv.join('\0')}\0`;
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (/^\d+$/.test(entry) && (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')) === wanted) pids.push(Number(entry));
  }
  return pids;
}

describe('two clients at once', () => {
  it('keep their own session rules: one client\'s "allow always" does not answer the other\'s asks', async () => {
    const project = await serve();
    const askedA: unknown[] = [];
    const askedB: unknown[] = [];
    const a = await project.connect({ elicit: (request) => (askedA.push(request), { action: 'accept', content: { decision: 'allow_always' } }) });
    const b = await project.connect({ elicit: (request) => (askedB.push(request), { action: 'accept', content: { decision: 'deny' } }) });
    const call = (client: Client) => client.callTool({ name: 'Bash', arguments: { command: 'touch shared.txt' } });
    const [firstA, firstB] = await Promise.all([call(a.client), call(b.client)]);
    expect(firstA.isError).toBeFalsy();
    expect(metaOf(firstB)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { source: 'user_reject' } });
    const [secondA, secondB] = await Promise.all([call(a.client), call(b.client)]);
    expect(secondA.isError).toBeFalsy();
    expect(secondB.isError).toBe(true);
    expect(askedA).toHaveLength(1);
    expect(askedB).toHaveLength(2);
  });
});

describe('a client that goes away mid-call', () => {
  it('ends its session: the call is aborted, its process stopped, and other clients are still served', async () => {
    const project = await serve({ kernel: { permissionMode: 'bypassPermissions' } });
    const gone = await project.connect();
    const other = await project.connect();
    const argv = ['sleep', `61.${Math.floor(Math.random() * 1e9)}`];
    void gone.client.callTool({ name: 'Bash', arguments: { command: `exec ${argv.join(' ')}` } }, undefined, { timeout: 120_000 }).catch(() => {});
    await vi.waitFor(async () => expect(await pidsOf(argv)).toHaveLength(1), { timeout: 20_000, interval: 50 });
    await gone.client.close();
    await gone.session.closed;
    await vi.waitFor(async () => expect(await pidsOf(argv)).toEqual([]), { timeout: 20_000, interval: 50 });
    expect(project.server.sessions).toEqual([other.session]);
    expect(textOf(await other.client.callTool({ name: 'Shout', arguments: { text: 'here' } }))).toBe('HERE');
  });
});

describe('a buggy client', () => {
  it('gets protocol errors for garbage params, and its session goes on serving', async () => {
    const project = await serve();
    const { client } = await project.connect();
    for (const params of [{ name: 5 }, { arguments: { text: 'x' } }, { name: 'Shout', arguments: 'text' }, { name: ['Shout'] }]) {
      await expect(client.request({ method: 'tools/call', params: params as never }, CallToolResultSchema)).rejects.toMatchObject({ code: -32602 });
    }
    // Arguments of the wrong shape for the tool are the tool's business: an INPUT_INVALID result.
    const invalid = await client.callTool({ name: 'Shout', arguments: { text: 42 } });
    expect(metaOf(invalid).errorCode).toBe('INPUT_INVALID');
    expect(textOf(await client.callTool({ name: 'Shout', arguments: { text: 'fine' } }))).toBe('FINE');
  });

  it('sending raw garbage on the transport does not stop the session', async () => {
    const project = await serve();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await project.server.connect(serverSide);
    const answers: JSONRPCMessage[] = [];
    clientSide.onmessage = (message) => void answers.push(message);
    await clientSide.start();
    const send = (message: unknown) => clientSide.send(message as JSONRPCMessage);
    await send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: 'garbage' });
    await send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: null });
    await send({ jsonrpc: '2.0', id: 4, method: 'no/such/method', params: {} });
    await send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never-sent' } });
    await send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'Shout', arguments: { text: 'raw' } } });
    await vi.waitFor(() => expect(answers.filter((answer) => 'id' in answer && answer.id === 5)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const byId = (id: number) => answers.find((answer) => 'id' in answer && answer.id === id) as Record<string, any>;
    // A request whose params is not an object is no JSON-RPC request to the SDK: it is dropped (to onerror) unanswered.
    expect(byId(2)).toBeUndefined();
    expect(byId(4).error.code).toBe(-32601);
    expect(byId(5).result.content).toEqual([{ type: 'text', text: 'RAW' }]);
    await clientSide.close();
  });
});

describe('a thousand calls in flight', () => {
  it('each gets its own result, past the concurrency limit, with nothing left running', async () => {
    const project = await serve({ server: { maxConcurrentCalls: 8, maxQueuedCalls: 1_000 } });
    const { client, session } = await project.connect();
    const emitWarning = vi.spyOn(process, 'emitWarning');
    const results = await Promise.all(Array.from({ length: 1_000 }, (_, index) => client.callTool({ name: 'Shout', arguments: { text: `call ${index}` } })));
    expect(results.map((result) => textOf(result))).toEqual(Array.from({ length: 1_000 }, (_, index) => `CALL ${index}`));
    expect(session.runningCalls).toBe(0);
    const warnings = emitWarning.mock.calls.map(([warning]) => (typeof warning === 'string' ? warning : warning.name));
    emitWarning.mockRestore();
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('past the queue, the extra calls fail at once with MCP_SERVER_BUSY and the rest succeed', async () => {
    const project = await serve();
    const { client } = await project.connect();
    const results = await Promise.all(Array.from({ length: 1_000 }, (_, index) => client.callTool({ name: 'Shout', arguments: { text: `call ${index}` } })));
    const busy = results.filter((result) => metaOf(result).errorCode === 'MCP_SERVER_BUSY');
    const done = results.filter((result) => !result.isError);
    expect(busy.length + done.length).toBe(1_000);
    expect(done.length).toBeGreaterThanOrEqual(8 + 64);
    expect(busy.length).toBeGreaterThan(0);
  });
});
