import { z } from 'zod';
import { getSessionState } from '../../session/get-session-state.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { TASK_STOP_DESCRIPTION, TASK_STOP_PROMPT } from './prompt.ts';

const inputSchema = z.strictObject({
  task_id: z.string().optional().describe('The ID of the background task to stop'),
  shell_id: z.string().optional().describe('Deprecated: use task_id'),
});

/** What TaskStop returns. */
export interface TaskStopData {
  message: string;
  task_id: string;
  task_type: 'bash' | 'agent';
  command?: string;
}

/**
 * Stops a background task: kills its whole process tree, and says it did only once all of it is gone. When
 * some of it could not be killed, the call fails with `PROCESS_KILL_FAILED` and the processes left.
 */
export const taskStopTool = buildBuiltinTool<typeof inputSchema, TaskStopData>({
  name: 'TaskStop',
  aliases: ['KillShell', 'KillBash'],
  searchHint: 'kill stop background task shell process',
  inputSchema,
  description: TASK_STOP_DESCRIPTION,
  prompt: () => TASK_STOP_PROMPT,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: () => 'Stop Task',
  getActivityDescription: (input) => `Stopping task ${input.task_id ?? input.shell_id ?? ''}`.trim(),
  renderToolUseMessage: (input) => input.task_id ?? input.shell_id ?? '',
  validateInput: (input, context) => {
    const id = input.task_id ?? input.shell_id;
    if (!id) return { result: false, message: 'Task ID is required', errorCode: 1 };
    const task = getSessionState(context).tasks.get(id);
    if (!task) return { result: false, message: `No task found with ID: ${id}`, errorCode: 2 };
    if (task.status() !== 'running') return { result: false, message: `Task ${id} is not running (status: ${task.status()})`, errorCode: 3 };
    return { result: true };
  },
  async call(input, context) {
    const id = (input.task_id ?? input.shell_id)!;
    const task = getSessionState(context).tasks.get(id);
    if (!task) throw new Error(`No task found with ID: ${id}`);
    try {
      // Resolves once everything the task started is gone; rejects with PROCESS_KILL_FAILED, naming what is left.
      await task.stop();
    } finally {
      getSessionState(context).settledTasks.add(id);
    }
    return { data: { message: `Successfully stopped task: ${id}${task.command ? ` (${task.command})` : ''}`, task_id: id, task_type: task.type, command: task.command } };
  },
  mapToolResultToToolResultBlockParam: (data, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: data.message }),
});
