import { describe, expect, it } from 'vitest';
import { getSessionState } from '../../session/get-session-state.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import type { AgentScope } from '../../tool/agent-scope.ts';
import { renderTodos, todoWriteTool } from './index.ts';

const plan = [
  { content: 'Read the spec', status: 'completed', activeForm: 'Reading the spec' },
  { content: 'Write the parser', status: 'in_progress', activeForm: 'Writing the parser' },
  { content: 'Run the tests', status: 'pending' },
] as const;

describe('TodoWrite', () => {
  it('keeps the list in the session, reports it as todos progress and tells the model to go on', async () => {
    const context = createTestContext({ tools: [todoWriteTool] });
    const { result, progress } = await runTool({ name: 'TodoWrite', input: { todos: plan }, context });
    expect(result.status).toBe('ok');
    expect(resultText(result)).toContain('Todos have been modified successfully');
    expect(getSessionState(context).todos.get('main')).toEqual(plan);
    expect(progress.map((update) => update.progress)).toEqual([{ type: 'todos', agentId: 'main', todos: plan }]);
    const next = await runTool({ name: 'TodoWrite', input: { todos: [{ content: 'Run the tests', status: 'in_progress' }] }, context });
    expect(next.result.output).toEqual({ oldTodos: plan, newTodos: [{ content: 'Run the tests', status: 'in_progress' }] });
  });

  it('refuses two tasks in progress at once, leaving the list as it was', async () => {
    const context = createTestContext({ tools: [todoWriteTool] });
    await runTool({ name: 'TodoWrite', input: { todos: plan }, context });
    const { result } = await runTool({ name: 'TodoWrite', input: { todos: [{ content: 'a', status: 'in_progress' }, { content: 'b', status: 'in_progress' }] }, context });
    expect(result.errorCode).toBe('INPUT_INVALID');
    expect(getSessionState(context).todos.get('main')).toEqual(plan);
  });

  it('refuses a task without content or with an unknown status', async () => {
    const context = createTestContext({ tools: [todoWriteTool] });
    for (const todo of [{ content: ' ', status: 'pending' }, { content: 'x', status: 'done' }]) {
      const { result } = await runTool({ name: 'TodoWrite', input: { todos: [todo] }, context });
      expect(result.errorCode).toBe('INPUT_INVALID');
    }
    expect(getSessionState(context).todos.size).toBe(0);
  });

  it('clears the list once every task is completed', async () => {
    const context = createTestContext({ tools: [todoWriteTool] });
    await runTool({ name: 'TodoWrite', input: { todos: plan }, context });
    const { result, progress } = await runTool({ name: 'TodoWrite', input: { todos: plan.map((todo) => ({ ...todo, status: 'completed' })) }, context });
    expect(result.output).toMatchObject({ newTodos: [] });
    expect(progress.at(-1)!.progress).toMatchObject({ todos: [] });
    expect(getSessionState(context).todos.has('main')).toBe(false);
    expect(todoWriteTool.renderToolResultMessage(result.output as never, { verbose: false, color: false })).toBe('☒ All tasks completed');
  });

  it('keeps one list per agent: a subagent writing its own leaves its parent\'s alone', async () => {
    const context = createTestContext({ tools: [todoWriteTool] });
    await runTool({ name: 'TodoWrite', input: { todos: plan }, context });
    const subagent = { ...context, agent: { agentId: 'agent-1' } as AgentScope };
    const { progress } = await runTool({ name: 'TodoWrite', input: { todos: [{ content: 'Search', status: 'pending' }] }, context: subagent });
    expect(progress[0]!.progress).toMatchObject({ agentId: 'agent-1' });
    expect(getSessionState(context).todos.get('main')).toEqual(plan);
    expect(getSessionState(context).todos.get('agent-1')).toEqual([{ content: 'Search', status: 'pending' }]);
  });

  it('renders the list as a checklist, the task in progress by its active form', () => {
    expect(renderTodos(plan)).toBe('☒ Read the spec\n◐ Writing the parser\n☐ Run the tests');
    expect(renderTodos([])).toBe('No tasks');
  });
});
