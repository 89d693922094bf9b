import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineHook } from '../../hooks/define-hook.ts';
import { queuedMessageText } from '../../subagents/create-subagent-runner.ts';
import { buildTool, withToolSource } from '../../tool/build-tool.ts';
import { taskOutputTool } from '../TaskOutput/index.ts';
import type { AgentEvent } from '../../agent/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { textReply, toolUseReply } from '../../testing/fake-messages-server/fake-reply.ts';
import { echoTool, requestsOf, resultTexts, runMain, serveConversations, sleepTool } from '../Agent/test-fixtures/agent.ts';
import { contextIn, createRepository, probeTool } from '../Agent/test-fixtures/agent-worktree.ts';
import { createAgentTool } from '../Agent/create-agent-tool.ts';
import { taskStopTool } from '../TaskStop/index.ts';
import { createSendMessageTool } from './index.ts';

const MAIN = 'main task';
const SUB = 'look into it';
const tools = [createAgentTool(), createSendMessageTool(), echoTool, sleepTool, taskStopTool];

const results = (events: readonly AgentEvent[], toolName: string) =>
  events.flatMap((event) => (event.type === 'tool-result' && event.toolName === toolName ? [event] : []));

describe('SendMessage', () => {
  it('goes on with a finished subagent: it sees its whole conversation and its new report comes back', async () => {
    const server = await serveConversations({
      [MAIN]: [
        toolUseReply('Agent', { description: 'Look', prompt: SUB, name: 'scout' }),
        toolUseReply('SendMessage', { to: 'scout', message: 'and what about tests?' }),
        textReply('done'),
      ],
      [SUB]: [toolUseReply('Echo', { text: 'first' }), textReply('first report'), textReply('second report: tests pass')],
    });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }) });
    expect(resultTexts(events, 'Agent')[0]).toContain('first report');
    const [sent] = results(events, 'SendMessage');
    expect(sent).toMatchObject({ status: 'ok', isError: false });
    expect(resultTexts(events, 'SendMessage')[0]).toContain('second report: tests pass');
    expect(sent!.output).toMatchObject({ status: 'completed', agentId: 'scout', prompt: 'and what about tests?' });
    const resumed = requestsOf(server, SUB).at(-1)!.body.messages!;
    expect(resumed.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(resumed.at(-1)).toEqual({ role: 'user', content: 'and what about tests?' });
    expect(events.some((event) => event.type === 'tool-progress' && event.toolName === 'SendMessage' && (event.progress as { type: string }).type === 'agent_progress')).toBe(true);
  });

  it('names the agents it knows when `to` is unknown, and queues a message for a subagent that is still running', async () => {
    const server = await serveConversations({
      [MAIN]: [
        toolUseReply('SendMessage', { to: 'ghost', message: 'hello?' }),
        toolUseReply('Agent', { description: 'Slow', prompt: 'slow', name: 'sleeper', run_in_background: true }),
        toolUseReply('SendMessage', { to: 'sleeper', message: 'faster' }),
        toolUseReply('SendMessage', { to: 'nobody', message: 'hi' }),
        toolUseReply('TaskStop', { task_id: 'sleeper' }),
        textReply('done'),
      ],
      slow: [toolUseReply('Sleep', {})],
    });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools }) });
    const [ghost, busy, nobody] = results(events, 'SendMessage');
    expect(ghost).toMatchObject({ status: 'invalid-input', errorCode: 'INPUT_INVALID' });
    expect(resultTexts(events, 'SendMessage')[0]).toContain('You have not started any agent in this session');
    expect(busy).toMatchObject({ status: 'ok', output: { status: 'queued', agentId: 'sleeper', message: 'faster' } });
    expect(resultTexts(events, 'SendMessage')[1]).toContain('it will read your message after its current step');
    expect(resultTexts(events, 'SendMessage')[2]).toContain('Agents you started: sleeper.');
    expect(nobody).toMatchObject({ status: 'invalid-input' });
  });

  it('a running subagent reads a queued message with its next tool results, and its report answers it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gateTool = withToolSource(buildTool({ name: 'Gate', description: 'Waits', inputSchema: z.object({}), isReadOnly: () => true, call: async () => (await gate, { data: 'open' }) }), { type: 'builtin' });
    const released = defineHook({ event: 'PostToolUse', matcher: 'SendMessage', handler: () => release() });
    const server = await serveConversations({
      [MAIN]: [
        toolUseReply('Agent', { description: 'Work', prompt: SUB, name: 'worker', run_in_background: true }),
        toolUseReply('SendMessage', { to: 'worker', message: 'also check the docs' }),
        toolUseReply('TaskOutput', { task_id: 'worker', timeout: 10_000 }),
        textReply('done'),
      ],
      [SUB]: [toolUseReply('Gate', {}), textReply('report: code fine, docs checked too')],
    });
    const events = await runMain({ server, prompt: MAIN, context: () => createTestContext({ tools: [...tools, gateTool, taskOutputTool], hooks: [released] }) });
    expect(results(events, 'SendMessage')[0]!.output).toMatchObject({ status: 'queued' });
    const [gateResult, message] = requestsOf(server, SUB)[1]!.body.messages!.at(-1)!.content as { type: string; text?: string }[];
    expect(gateResult!.type).toBe('tool_result');
    expect(message).toEqual({ type: 'text', text: queuedMessageText('also check the docs') });
    expect(resultTexts(events, 'TaskOutput')[0]).toContain('report: code fine, docs checked too');
  });

  it('cannot go on with a subagent whose untouched worktree was removed', async () => {
    const repository = createRepository();
    const server = await serveConversations({
      [MAIN]: [
        toolUseReply('Agent', { description: 'Probe', prompt: SUB, name: 'prober', isolation: 'worktree' }),
        toolUseReply('SendMessage', { to: 'prober', message: 'again' }),
        textReply('done'),
      ],
      [SUB]: [toolUseReply('Probe', {}), textReply('probed')],
    });
    const events = await runMain({ server, prompt: MAIN, context: () => contextIn(repository, [...tools, probeTool]) });
    expect(resultTexts(events, 'Agent')[0]).toContain('worktree, which was removed');
    expect(results(events, 'SendMessage')[0]).toMatchObject({ status: 'error', errorCode: 'AGENT_NOT_FOUND' });
    expect(requestsOf(server, SUB)).toHaveLength(2);
  });
});
