import { z } from 'zod';
import type { TaskOutputProgress } from '../../progress/types.ts';
import { getSessionState } from '../../session/get-session-state.ts';
import type { BackgroundTaskStatus } from '../../session/types.ts';
import { readTaskOutput } from '../../tasks/read-task-output.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { TASK_OUTPUT_DESCRIPTION, TASK_OUTPUT_PROMPT } from './prompt.ts';

const inputSchema = z.strictObject({
  task_id: z.string().describe('The ID of the task to read'),
  block: z.boolean().default(true).describe('Wait for the task to finish'),
  timeout: z.number().int().min(0).max(600_000).default(30_000).describe('How long to wait, in ms'),
});

/** What TaskOutput returns. */
export interface TaskOutputData {
  retrievalStatus: 'success' | 'timeout' | 'not_ready';
  taskId: string;
  taskType: 'bash' | 'agent';
  status: BackgroundTaskStatus;
  exitCode?: number;
  output: string;
  outputFile: string;
}

/** Characters of task output returned at most (the end of it). */
export const MAX_TASK_OUTPUT_CHARS = 30_000;

/** Reads a background task's status and output, optionally waiting for it to finish. */
export const taskOutputTool = buildBuiltinTool<typeof inputSchema, TaskOutputData, TaskOutputProgress>({
  name: 'TaskOutput',
  aliases: ['BashOutput', 'AgentOutput', 'BashOutputTool', 'AgentOutputTool'],
  searchHint: 'background task output status wait shell',
  inputSchema,
  description: TASK_OUTPUT_DESCRIPTION,
  prompt: () => TASK_OUTPUT_PROMPT,
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  userFacingName: () => 'Task Output',
  getActivityDescription: (input) => `Reading the output of task ${input.task_id ?? ''}`.trim(),
  renderToolUseMessage: (input) => `${input.task_id ?? ''}${input.block === false ? ' (no wait)' : ''}`,
  validateInput: (input, context) => {
    if (!input.task_id) return { result: false, message: 'Task ID is required', errorCode: 1 };
    if (!getSessionState(context).tasks.has(input.task_id)) return { result: false, message: `No task found with ID: ${input.task_id}`, errorCode: 2 };
    return { result: true };
  },
  async call(input, context) {
    const task = getSessionState(context).tasks.get(input.task_id);
    if (!task) throw new Error(`No task found with ID: ${input.task_id}`);
    let retrievalStatus: TaskOutputData['retrievalStatus'] = 'success';
    if (task.status() === 'running') {
      if (input.block) {
        context.onProgress({ type: 'task_output_progress', taskId: task.id, output: '', status: 'running' });
        await task.wait({ timeoutMs: input.timeout, signal: context.signal });
        if (task.status() === 'running') retrievalStatus = 'timeout';
      } else retrievalStatus = 'not_ready';
    }
    const output = await readTaskOutput({ outputFile: task.outputFile, maxChars: MAX_TASK_OUTPUT_CHARS });
    // The model has read how it ended: no task notification needed.
    if (task.status() !== 'running') getSessionState(context).settledTasks.add(task.id);
    return { data: { retrievalStatus, taskId: task.id, taskType: task.type, status: task.status(), exitCode: task.exitCode(), output, outputFile: task.outputFile } };
  },
  mapToolResultToToolResultBlockParam: (data, toolUseId) => {
    const lines = [
      `<retrieval_status>${data.retrievalStatus}</retrieval_status>`,
      `<task_id>${data.taskId}</task_id>`,
      `<task_type>${data.taskType === 'bash' ? 'local_bash' : data.taskType}</task_type>`,
      `<status>${data.status}</status>`,
      ...(data.exitCode !== undefined ? [`<exit_code>${data.exitCode}</exit_code>`] : []),
      data.output.trim() === '' ? '<output>(no output yet)</output>' : `<output>\n${data.output.replace(/\n+$/, '')}\n</output>`,
    ];
    return { type: 'tool_result', tool_use_id: toolUseId, content: lines.join('\n') };
  },
});
