import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessageReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, FakeScript } from '../testing/fake-messages-server/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent, AgentOptions } from './types.ts';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const add = buildTool({ name: 'Add', description: 'Adds', inputSchema: z.object({ a: z.number(), b: z.number() }), isReadOnly: () => true, call: ({ a, b }) => ({ data: String(a + b) }) });

const thinkThenAdd: FakeMessageReply = {
  content: [
    { type: 'thinking', thinking: 'The user wants a sum; the Add tool does that.' },
    { type: 'tool_use', id: 'toolu_add', name: 'Add', input: { a: 2, b: 3 } },
  ],
};

async function run(script: FakeScript, options: AgentOptions): Promise<AgentEvent[]> {
  server = await createFakeMessagesServer({ script });
  const agent = createAgent({ tools: [add], apiKey: 'k', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), ...options });
  const events: AgentEvent[] = [];
  try {
    for await (const event of agent.query('what is 2 + 3?')) events.push(event);
  } finally {
    await agent.close();
  }
  return events;
}

function thrown(make: () => unknown): CodevError {
  try {
    make();
  } catch (error) {
    if (CodevError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('extended thinking and effort', () => {
  it('sends thinking and effort, streams the thinking, and sends it back signed so the tool-use turn is accepted', async () => {
    const events = await run([thinkThenAdd, textReply('5.')], { thinking: { type: 'enabled', budgetTokens: 2048 }, effort: 'high', maxTokens: 4096 });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 2 });
    const [first, second] = server!.requests.map((request) => request.body);
    expect(first!.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(first!.output_config).toEqual({ effort: 'high' });
    const deltas = events.flatMap((event) => (event.type === 'thinking-delta' ? [event.text] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('The user wants a sum; the Add tool does that.');
    expect(events.filter((event) => event.type === 'thinking')).toEqual([{ type: 'thinking', text: 'The user wants a sum; the Add tool does that.', redacted: false }]);
    // The fake server refuses (400) a tool-result turn whose assistant message lost its thinking or signature.
    const assistant = second!.messages![1]!;
    expect(assistant.role).toBe('assistant');
    expect((assistant.content as { type: string; signature?: string }[]).map((block) => block.type)).toEqual(['thinking', 'tool_use']);
    expect((assistant.content as { signature?: string }[])[0]!.signature).toMatch(/.{20,}/);
    expect(second!.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });

  it('keeps a redacted thinking block and sends it back unchanged with adaptive thinking', async () => {
    const redacted: FakeMessageReply = { content: [{ type: 'redacted_thinking', data: 'EncryptedThoughts==' }, { type: 'tool_use', id: 'toolu_add', name: 'Add', input: { a: 1, b: 1 } }] };
    const events = await run([redacted, textReply('2.')], { thinking: { type: 'adaptive' } });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(events.filter((event) => event.type === 'thinking')).toEqual([{ type: 'thinking', text: '', redacted: true }]);
    expect(server!.requests[0]!.body.thinking).toEqual({ type: 'adaptive' });
    expect((server!.requests[1]!.body.messages![1]!.content as unknown[])[0]).toEqual({ type: 'redacted_thinking', data: 'EncryptedThoughts==' });
  });

  it('sends neither field without the options, and the server then sends no thinking', async () => {
    const events = await run([thinkThenAdd, textReply('5.')], {});
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    for (const { body } of server!.requests) {
      expect('thinking' in body).toBe(false);
      expect('output_config' in body).toBe(false);
    }
    expect(events.some((event) => event.type === 'thinking' || event.type === 'thinking-delta')).toBe(false);
  });

  it('keeps thinking and its signature in a persisted session, so a resumed conversation is accepted', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-thinking-'));
    try {
      const sessionStore = createFileSessionStore({ directory });
      const options = { thinking: { type: 'enabled', budgetTokens: 1024 }, persistSession: true, sessionStore } as const;
      const first = await run([thinkThenAdd, textReply('5.')], options);
      const sessionId = (first.at(-1) as { sessionId?: string }).sessionId;
      expect(sessionId).toBeTruthy();
      await server!.close();
      server = await createFakeMessagesServer({ script: [textReply('Still 5.')] });
      const resumed = createAgent({ tools: [add], apiKey: 'k', baseURL: server.url, maxRetries: 0, resume: sessionId, ...options });
      const events: AgentEvent[] = [];
      for await (const event of resumed.query('and again?')) events.push(event);
      await resumed.close();
      expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
      const sent = server.requests[0]!.body.messages!.find((message) => message.role === 'assistant')!;
      expect((sent.content as { type: string; signature?: string }[])[0]).toMatchObject({ type: 'thinking', signature: expect.stringMatching(/.{20,}/) });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('sends thinking disabled as asked', async () => {
    await run([textReply('ok')], { thinking: { type: 'disabled' } });
    expect(server!.requests[0]!.body.thinking).toEqual({ type: 'disabled' });
  });

  it('refuses a budget under 1,024 or not under maxTokens, and an unknown effort, before any request', () => {
    expect(thrown(() => createAgent({ tools: [], apiKey: 'k', thinking: { type: 'enabled', budgetTokens: 512 } }))).toMatchObject({ code: 'INPUT_INVALID', field: 'thinking.budgetTokens' });
    expect(thrown(() => createAgent({ tools: [], apiKey: 'k', maxTokens: 4096, thinking: { type: 'enabled', budgetTokens: 4096 } }))).toMatchObject({ code: 'INPUT_INVALID', field: 'thinking.budgetTokens' });
    expect(thrown(() => createAgent({ tools: [], apiKey: 'k', effort: 'extreme' as never }))).toMatchObject({ code: 'INPUT_INVALID', field: 'effort' });
    expect(thrown(() => createAgent({ tools: [], apiKey: 'k', thinking: { type: 'sometimes' } as never }))).toMatchObject({ code: 'INPUT_INVALID', field: 'thinking.type' });
  });
});
