import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../agent/create-agent.ts';
import type { AgentEvent } from '../../agent/types.ts';
import { getSessionState } from '../../session/get-session-state.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { textReply, toolUseReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { RecordedRequest } from '../../testing/fake-messages-server/types.ts';
import { buildTool, withToolSource } from '../../tool/build-tool.ts';
import { taskOutputTool } from '../TaskOutput/index.ts';
import { echoTool, requestsOf, serveConversations } from './test-fixtures/agent.ts';
import { createAgentTool } from './create-agent-tool.ts';

const MAIN = 'main task';
const SUB = 'background work';

/** Waits for a task to end without reading it, as a model busy with something else would. */
const awaitTaskTool = withToolSource(
  buildTool({
    name: 'AwaitTask',
    description: 'Wait for a task without reading it',
    inputSchema: z.object({ id: z.string() }),
    isReadOnly: () => true,
    call: async ({ id }, context) => {
      await getSessionState(context).tasks.get(id)!.wait({ timeoutMs: 10_000 });
      return { data: 'waited' };
    },
  }),
  { type: 'builtin' },
);
const tools = [createAgentTool(), echoTool, awaitTaskTool, taskOutputTool];
const launch = toolUseReply('Agent', { description: 'Background job', prompt: SUB, run_in_background: true, name: 'job' });

function lastUserContent(request: RecordedRequest): unknown[] {
  const content = request.body.messages!.at(-1)!.content;
  return typeof content === 'string' ? [{ type: 'text', text: content }] : (content as unknown[]);
}

async function query(agent: ReturnType<typeof createAgent>, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of agent.query(prompt)) events.push(event);
  return events;
}

describe('task notifications', () => {
  it('tells the model, with its next message, that a background subagent ended; once', async () => {
    const server = await serveConversations({
      [MAIN]: [launch, toolUseReply('AwaitTask', { id: 'job' }), toolUseReply('Echo', { text: 'later' }), textReply('done')],
      [SUB]: [textReply('background report')],
    });
    const context = createTestContext({ tools });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const events = await query(agent, MAIN);
    const notified = events.filter((event) => event.type === 'task-notification');
    expect(notified).toMatchObject([{ notification: { taskId: 'job', taskType: 'agent', status: 'completed', description: 'Background job' } }]);
    const requests = requestsOf(server, MAIN);
    const third = lastUserContent(requests[2]!);
    expect(third.map((block) => (block as { type: string }).type)).toEqual(['tool_result', 'text']);
    expect((third[1] as { text: string }).text).toMatch(/^<task-notification>\n<task-id>job<\/task-id>\n<task-type>agent<\/task-type>\n<status>completed<\/status>\n<summary>Agent "Background job" completed<\/summary>/);
    expect(JSON.stringify(lastUserContent(requests[3]!))).not.toContain('task-notification');
  });

  it('gives a task that ended between queries with the next prompt; none after TaskOutput read it', async () => {
    const server = await serveConversations({
      [MAIN]: [launch, textReply('launched')],
      next: [textReply('noted')],
      [SUB]: [textReply('background report')],
    });
    const context = createTestContext({ tools });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, createToolUseContext: (signal) => Object.assign(context, { signal }) });
    await query(agent, MAIN);
    await getSessionState(context).tasks.get('job')!.wait({ timeoutMs: 10_000 });
    const next = await query(agent, 'next');
    expect(next.filter((event) => event.type === 'task-notification')).toHaveLength(1);
    const [prompt, notice] = lastUserContent(server.requests.at(-1)!) as { text: string }[];
    expect(prompt!.text).toBe('next');
    expect(notice!.text).toContain('<task-id>job</task-id>');

    getSessionState(context).tasks.delete('job');
    const relaunch = await serveConversations({ read: [toolUseReply('Agent', { description: 'Again', prompt: SUB, run_in_background: true, name: 'job2' }), toolUseReply('TaskOutput', { task_id: 'job2', timeout: 10_000 }), textReply('read')], last: [textReply('nothing new')], [SUB]: [textReply('second report')] });
    const reader = createAgent({ apiKey: 'test-key', baseURL: relaunch.url, maxRetries: 0, createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const read = await query(reader, 'read');
    expect(read.filter((event) => event.type === 'task-notification')).toEqual([]);
    expect((await query(reader, 'last')).filter((event) => event.type === 'task-notification')).toEqual([]);
  });

  it('with waitForBackgroundAgents, a turn that ends while its subagent runs waits and goes on with the notification', async () => {
    const script = { [MAIN]: [launch, textReply('I will wait for it.'), textReply('The job reported back.')], [SUB]: [textReply('background report')] };
    const waiting = await serveConversations(script);
    const context = createTestContext({ tools });
    const agent = createAgent({ apiKey: 'test-key', baseURL: waiting.url, maxRetries: 0, waitForBackgroundAgents: true, createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const events = await query(agent, MAIN);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 3 });
    const third = lastUserContent(requestsOf(waiting, MAIN)[2]!) as { type: string; text: string }[];
    expect(third).toHaveLength(1);
    expect(third[0]!.text).toContain('<task-id>job</task-id>');

    const plain = await serveConversations(script);
    const other = createAgent({ apiKey: 'test-key', baseURL: plain.url, maxRetries: 0, createToolUseContext: (signal) => Object.assign(createTestContext({ tools }), { signal }) });
    expect((await query(other, MAIN)).at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 2 });
  });
});
