import { describe, expect, it } from 'vitest';
import { startBackgroundShellTask } from '../../tasks/start-background-shell-task.ts';
import type { TurnState } from './types.ts';
import { INTERRUPT_MESSAGE } from '../interrupt-message.ts';
import { collectMessages } from './collect-messages.ts';
import { reply, runStage, stateAfterReply } from './test-fixtures/turn-state.ts';

const toolUse = { type: 'tool_use' as const, id: 'toolu_1', name: 'Echo', input: {} };
const result = { type: 'tool_result' as const, tool_use_id: 'toolu_1', content: 'echoed' };

/** A state whose turn ran one tool call, with one ended background command and one queued message waiting. */
async function afterToolCall(options: { signal?: AbortSignal } = {}): Promise<{ state: TurnState; taskId: string; queue: string[] }> {
  const queue = ['also check the README'];
  const state = await stateAfterReply({ reply: reply([toolUse], 'tool_use'), signal: options.signal, agent: { takeQueuedMessages: () => queue.splice(0) } });
  state.turn.results.push(result);
  const { sessionDirectory } = state.context;
  const task = startBackgroundShellTask({ command: 'true', description: 'true', cwd: sessionDirectory, sessionDirectory, isolation: { sandbox: false } });
  await task.wait({ timeoutMs: 10_000 });
  return { state, taskId: task.id, queue };
}

describe('collectMessages', () => {
  it('sends the tool results, then ended tasks’ notifications, then queued messages, as one user message', async () => {
    const { state, taskId, queue } = await afterToolCall();
    const { events, outcome } = await runStage(collectMessages, state);
    expect(outcome).toBeUndefined();
    expect(events).toMatchObject([{ type: 'task-notification', notification: { taskId, status: 'completed' } }, { type: 'user-message', content: [{ type: 'text', text: 'also check the README' }] }]);
    const [message] = state.agent.messages;
    expect(message?.role).toBe('user');
    const content = message!.content as { type: string; text?: string }[];
    expect(content.map((block) => block.type)).toEqual(['tool_result', 'text', 'text']);
    expect(content[1]!.text).toContain(`<task-id>${taskId}</task-id>`);
    expect(content[2]!.text).toBe('also check the README');
    expect(queue).toEqual([]);
  });

  it('after an interrupt sends the results and the interrupt note, leaving notifications and queued messages for later', async () => {
    const controller = new AbortController();
    const { state, queue } = await afterToolCall({ signal: controller.signal });
    controller.abort();
    state.turn.interrupted = true;
    const { events } = await runStage(collectMessages, state);
    expect(events).toEqual([]);
    expect(state.agent.messages).toEqual([{ role: 'user', content: [result, { type: 'text', text: INTERRUPT_MESSAGE }] }]);
    expect(queue).toEqual(['also check the README']);
  });

  it('does nothing when the model made no tool call', async () => {
    const state = await stateAfterReply({ reply: reply([{ type: 'text', text: 'done' }]) });
    expect(await runStage(collectMessages, state)).toEqual({ events: [], outcome: undefined });
    expect(state.agent.messages).toEqual([]);
  });
});
