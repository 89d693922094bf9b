import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { bashTool } from '../Bash/index.ts';
import { taskStopTool } from '../TaskStop/index.ts';
import { taskOutputTool } from './index.ts';

const allow = () => ({ behavior: 'allow' as const });
const tools = [bashTool, taskOutputTool, taskStopTool];
const start = async (context: ReturnType<typeof createTestContext>, command: string) => {
  const { result } = await runTool({ name: 'Bash', input: { command, run_in_background: true }, context, canUseTool: allow });
  return result.output as { backgroundTaskId: string; outputFile: string };
};

describe('background tasks', () => {
  it('starts in the background and TaskOutput waits for the result', async () => {
    const context = createTestContext({ tools });
    const task = await start(context, 'echo one; sleep 0.3; echo two; exit 4');
    expect(task.backgroundTaskId).toMatch(/^b[0-9a-f]{8}$/);
    expect(task.outputFile).toBe(`${context.sessionDirectory}/tasks/${task.backgroundTaskId}.output`);
    const { result } = await runTool({ name: 'TaskOutput', input: { task_id: task.backgroundTaskId }, context });
    expect(resultText(result)).toBe(`<retrieval_status>success</retrieval_status>\n<task_id>${task.backgroundTaskId}</task_id>\n<task_type>local_bash</task_type>\n<status>failed</status>\n<exit_code>4</exit_code>\n<output>\none\ntwo\n</output>`);
    expect(readFileSync(task.outputFile, 'utf8')).toBe('one\ntwo\n');
  });

  it('reports not_ready without blocking and timeout after waiting, then TaskStop kills the tree', async () => {
    const context = createTestContext({ tools });
    const task = await start(context, 'echo begun; sleep 139 & sleep 139; wait');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const notReady = await runTool({ name: 'BashOutput', input: { task_id: task.backgroundTaskId, block: false }, context });
    expect(notReady.result.toolName).toBe('TaskOutput');
    expect(resultText(notReady.result)).toContain('<retrieval_status>not_ready</retrieval_status>');
    expect(resultText(notReady.result)).toContain('begun');
    const timedOut = await runTool({ name: 'TaskOutput', input: { task_id: task.backgroundTaskId, timeout: 300 }, context });
    expect(resultText(timedOut.result)).toContain('<retrieval_status>timeout</retrieval_status>\n');
    expect(resultText(timedOut.result)).toContain('<status>running</status>');
    const stopped = await runTool({ name: 'KillShell', input: { task_id: task.backgroundTaskId }, context });
    expect(stopped.result.toolName).toBe('TaskStop');
    expect(resultText(stopped.result)).toContain(`Successfully stopped task: ${task.backgroundTaskId}`);
    const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.startsWith('sleep 139'));
    expect(processes).toHaveLength(0);
    const after = await runTool({ name: 'TaskOutput', input: { task_id: task.backgroundTaskId, block: false }, context });
    expect(resultText(after.result)).toContain('<status>killed</status>');
  });

  it('rejects unknown task ids', async () => {
    const context = createTestContext({ tools });
    const output = await runTool({ name: 'TaskOutput', input: { task_id: 'nope' }, context });
    expect(output.result.status).toBe('invalid-input');
    expect(resultText(output.result)).toContain('No task found with ID: nope');
    const stop = await runTool({ name: 'KillBash', input: { task_id: 'nope' }, context });
    expect(resultText(stop.result)).toContain('No task found with ID: nope');
  });
});
