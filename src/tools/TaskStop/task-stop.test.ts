import { describe, expect, it } from 'vitest';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from '../../processes/test-fixtures/processes-with-arguments.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { runTool } from '../../testing/run-tool.ts';
import { bashTool } from '../Bash/index.ts';
import { taskStopTool } from './index.ts';

const allow = () => ({ behavior: 'allow' as const });

describe.runIf(process.platform === 'linux')('TaskStop', () => {
  it('says a task is stopped only once what it started with setsid and nohup is gone', async () => {
    const context = createTestContext({ tools: [bashTool, taskStopTool] });
    const seconds = uniqueSeconds();
    const command = `setsid sleep ${seconds} & nohup sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`;
    try {
      const { result: started } = await runTool({ name: 'Bash', input: { command, run_in_background: true, dangerouslyDisableSandbox: true }, context, canUseTool: allow });
      expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length === 3, 5_000)).toBe(true);
      const { result } = await runTool({ name: 'TaskStop', input: { task_id: (started.output as { backgroundTaskId: string }).backgroundTaskId }, context });
      expect(result.status).toBe('ok');
      expect(processesWithArguments(['sleep', seconds])).toEqual([]);
    } finally {
      killAll(processesWithArguments(['sleep', seconds]));
    }
  });
});
