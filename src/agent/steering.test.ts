import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, FakeScript } from '../testing/fake-messages-server/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import type { CodevError } from '../errors/codev-error.ts';
import { createAgent, INTERRUPT_MESSAGE, type Agent } from './create-agent.ts';
import type { AgentEvent } from './types.ts';

let server: FakeMessagesServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  agent = server = undefined;
});

/** A tool whose call waits until `onCall` lets it go (or, when it cancels, until the query is interrupted). */
function waitingTool(onCall: () => Promise<unknown> | void) {
  return buildTool({ name: 'Wait', description: 'Waits', inputSchema: z.object({}), isReadOnly: () => true, interruptBehavior: () => 'cancel', async call() {
    await onCall();
    return { data: 'waited' };
  } });
}

async function start(script: FakeScript, tools: ReturnType<typeof waitingTool>[] = []): Promise<Agent> {
  server = await createFakeMessagesServer({ script });
  agent = createAgent({ tools, apiKey: 'k', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
  return agent;
}

const lastUserContent = (index: number) => (server!.requests[index]!.body.messages as Anthropic.MessageParam[]).at(-1)!;
const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a failure'); }, (error: CodevError) => error);

describe('agent.send()', () => {
  it('queues a message the model reads with the next tool results, announced by a user-message event', async () => {
    const running = await start([toolUseReply('Wait', {}), textReply('done')], [waitingTool(() => running.send('Use metric units.'))]);
    const events: AgentEvent[] = [];
    for await (const event of running.query('convert it')) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 2 });
    const message = lastUserContent(1);
    expect(message.role).toBe('user');
    expect(message.content).toMatchObject([{ type: 'tool_result', content: 'waited' }, { type: 'text', text: 'Use metric units.' }]);
    const delivered = events.findIndex((event) => event.type === 'user-message');
    expect(events[delivered]).toEqual({ type: 'user-message', content: [{ type: 'text', text: 'Use metric units.' }] });
    expect(events.findIndex((event) => event.type === 'tool-result')).toBeLessThan(delivered);
  });

  it('starts a new turn with a message queued while the model ended its own, instead of ending', async () => {
    const running = await start([textReply('Here is a poem.'), textReply('Shorter: roses.')]);
    const events: AgentEvent[] = [];
    for await (const event of running.query('write a poem')) {
      events.push(event);
      if (event.type === 'turn-start' && event.turn === 1) await running.send('Make it shorter.');
    }
    expect(server!.requests).toHaveLength(2);
    expect(server!.requests[1]!.body.messages).toEqual([
      { role: 'user', content: 'write a poem' },
      { role: 'assistant', content: [{ type: 'text', text: 'Here is a poem.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Make it shorter.' }] },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 2 });
  });

  it('sends images and documents too, read from the working directory', async () => {
    const running = await start([toolUseReply('Wait', {}), textReply('seen')], [waitingTool(() => running.send([{ type: 'text', text: 'And this:' }, { type: 'document', data: new TextEncoder().encode('spec text') }]))]);
    for await (const _event of running.query('look')) void _event;
    expect(lastUserContent(1).content).toMatchObject([{ type: 'tool_result' }, { type: 'text', text: 'And this:' }, { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'spec text' } }]);
  });

  it('throws AGENT_NOT_RUNNING when no query runs, before the first and after the last', async () => {
    const idle = await start([textReply('hi')]);
    expect((await failure(idle.send('too early'))).code).toBe('AGENT_NOT_RUNNING');
    for await (const _event of idle.query('hello')) void _event;
    expect((await failure(idle.send('too late'))).code).toBe('AGENT_NOT_RUNNING');
  });
});

describe('agent.interrupt()', () => {
  it('ends the query aborted with a result for the running call, and the next query goes on from a valid transcript', async () => {
    let interrupted!: Agent;
    const running = await start([toolUseReply('Wait', {}), textReply('fresh start')], [waitingTool(() => {
      interrupted.interrupt();
      return new Promise<never>(() => {});
    })]);
    interrupted = running;
    const events: AgentEvent[] = [];
    for await (const event of running.query('wait forever')) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'aborted' });
    expect(running.messages.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'tool_result', is_error: true }, { type: 'text', text: INTERRUPT_MESSAGE }] });
    const next: AgentEvent[] = [];
    for await (const event of running.query('something else')) next.push(event);
    expect(next.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(server!.requests).toHaveLength(2);
  });

  it('does nothing when no query runs', async () => {
    const idle = await start([textReply('hi')]);
    idle.interrupt();
    const events: AgentEvent[] = [];
    for await (const event of idle.query('hello')) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  });
});
