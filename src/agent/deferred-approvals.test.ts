import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { createTestKernel, type TestKernel } from '../testing/create-test-kernel.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, RecordedRequest } from '../testing/fake-messages-server/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../transcripts/sessions-directory.ts';
import { createAgent } from './create-agent.ts';
import { NOT_APPROVED_MESSAGE } from './turn/settle-pending-calls.ts';
import type { AgentEvent, AgentOptions } from './types.ts';

let server: FakeMessagesServer;
let test: TestKernel;
const ran: string[] = [];

const note = buildTool({ name: 'Note', description: 'Notes', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, isConcurrencySafe: () => true, async call({ text }) {
  ran.push(`note ${text}`);
  return { data: `noted ${text}` };
} });
// Not read-only and no rule allows it: every call asks.
const deploy = buildTool({ name: 'Deploy', description: 'Deploys', inputSchema: z.object({ target: z.string() }), checkPermissions: () => ({ behavior: 'passthrough' }), async call({ target }) {
  ran.push(`deploy ${target}`);
  return { data: `deployed ${target}` };
} });

/** To the prompt: a Note and a Deploy call in one message; after that, a text naming what the last message said. */
function script(request: RecordedRequest): FakeReply {
  const last = request.body.messages?.at(-1);
  if (JSON.stringify(last?.content).includes('note a, then deploy prod')) return { content: [{ type: 'tool_use', id: 'toolu_note', name: 'Note', input: { text: 'a' } }, { type: 'tool_use', id: 'toolu_deploy', name: 'Deploy', input: { target: 'prod' } }] };
  return textReply(`saw: ${JSON.stringify(last?.content)}`);
}

beforeEach(async () => {
  ran.length = 0;
  server = await createFakeMessagesServer({ apiKey: 'test-key', script });
  test = await createTestKernel({ mcp: false, env: {}, baseTools: [], extraTools: [note, deploy], allow: ['Note'] });
});
afterEach(async () => {
  await server.close();
  await test.cleanup();
});

const agentOf = (options: AgentOptions = {}) => createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'defer', message: 'deploys need a human' }), ...options });

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

async function deferredSession(): Promise<string> {
  const agent = agentOf();
  const events = await collect(agent.query('note a, then deploy prod'));
  await agent.close();
  expect(events.filter((event) => event.type === 'tool-deferred')).toEqual([{ type: 'tool-deferred', toolUseId: 'toolu_deploy', toolName: 'Deploy', input: { target: 'prod' }, message: 'deploys need a human' }]);
  expect(events.filter((event) => event.type === 'tool-result').map((event) => event.type === 'tool-result' && event.toolUseId)).toEqual(['toolu_note']);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'deferred' });
  expect(ran).toEqual(['note a']);
  return agent.sessionId!;
}

describe('deferred approvals', () => {
  it('end a query with the waiting call saved; resume({ approvals }) runs it, not what ran before, and goes on', async () => {
    const id = await deferredSession();
    const pending = (await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(id)).pending;
    expect(pending?.toolUses).toEqual([{ id: 'toolu_deploy', name: 'Deploy', input: { target: 'prod' }, message: 'deploys need a human' }]);
    const resumed = agentOf({ resume: id });
    const events = await collect(resumed.resume({ approvals: { toolu_deploy: { behavior: 'allow' } } }));
    await resumed.close();
    expect(ran).toEqual(['note a', 'deploy prod']);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    const results = server.requests.at(-1)!.body.messages!.at(-1)!.content as { tool_use_id: string; content: string }[];
    expect(results.map((block) => [block.tool_use_id, block.content])).toEqual([['toolu_note', 'noted a'], ['toolu_deploy', 'deployed prod']]);
    // Settled: the session no longer waits.
    expect((await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(id)).pending).toBeUndefined();
  });

  it('a refusal is the call\'s result with the reason; approved input is validated again', async () => {
    const refused = await deferredSession();
    const agent = agentOf({ resume: refused });
    await collect(agent.resume({ approvals: { toolu_deploy: { behavior: 'deny', message: 'not on a Friday' } } }));
    await agent.close();
    expect(ran).toEqual(['note a']);
    expect(JSON.stringify(server.requests.at(-1)!.body.messages!.at(-1))).toContain('The user refused this tool call: not on a Friday');

    ran.length = 0;
    const invalid = await deferredSession();
    const again = agentOf({ resume: invalid });
    const events = await collect(again.resume({ approvals: { toolu_deploy: { behavior: 'allow', updatedInput: { target: 42 } } } }));
    await again.close();
    expect(ran).toEqual(['note a']);
    const result = events.find((event) => event.type === 'tool-result');
    expect(result).toMatchObject({ toolUseId: 'toolu_deploy', isError: true, status: 'denied' });
    expect(JSON.stringify(result)).toContain('InputValidationError');
  });

  it('a new prompt instead refuses the waiting call; answers must name waiting calls', async () => {
    const id = await deferredSession();
    const agent = agentOf({ resume: id });
    const unknown = await collect(agent.resume({ approvals: { toolu_other: { behavior: 'allow' } } })).catch((error: unknown) => error);
    expect(CodevError.isInstance(unknown) && unknown.code).toBe('INPUT_INVALID');
    await collect(agent.query('never mind, just say hi'));
    const sent = server.requests.at(-1)!.body.messages!;
    expect(JSON.stringify(sent.at(-2))).toContain(NOT_APPROVED_MESSAGE);
    expect(JSON.stringify(sent.at(-1))).toContain('never mind, just say hi');
    const nothing = await collect(agent.resume({ approvals: {} })).catch((error: unknown) => error);
    expect(CodevError.isInstance(nothing) && nothing.code).toBe('INPUT_INVALID');
    await agent.close();
    expect(ran).toEqual(['note a']);
  });
});
