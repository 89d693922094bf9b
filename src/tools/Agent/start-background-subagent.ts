import type { AgentProgress } from '../../progress/types.ts';
import type { AgentCompletedOutput, SubagentActivity } from '../../tool/agent-run.ts';
import type { AgentTypeDefinition } from '../../tool/agent-scope.ts';
import { agentIdOf } from '../../tool/agent-id-of.ts';
import { startBackgroundAgentTask } from '../../tasks/start-background-agent-task.ts';
import type { ToolCallContext } from '../../tool/types.ts';
import { activityLine } from './activity-line.ts';
import type { AgentInput } from './input-schema.ts';
import { formatAgentResult } from './format-agent-result.ts';
import type { AgentLaunchedOutput } from './types.ts';

/**
 * Hands a prepared subagent run to a background task of the session (id `agentId`) and returns at once.
 * The task's output file gets a line per activity, then the formatted report; `release` runs however the
 * run ends, so from here on the task owns the slot and the worktree.
 */
export function startBackgroundSubagent(options: {
  input: AgentInput;
  context: ToolCallContext<AgentProgress>;
  definition: AgentTypeDefinition;
  agentId: string;
  run: (options: { signal: AbortSignal; onActivity: (activity: SubagentActivity) => void }) => Promise<AgentCompletedOutput>;
  release: () => Promise<void>;
}): AgentLaunchedOutput {
  const { input, definition, agentId } = options;
  const task = startBackgroundAgentTask({
    id: agentId,
    sessionDirectory: options.context.sessionDirectory,
    description: input.description,
    prompt: input.prompt,
    owner: agentIdOf(options.context),
    async run({ signal, log }) {
      try {
        log.line(`Agent ${agentId} (${definition.name}): ${input.description}`);
        return formatAgentResult(await options.run({ signal, onActivity: (activity) => log.line(activityLine(activity)) }));
      } finally {
        await options.release();
      }
    },
  });
  return { status: 'async_launched', agentId, agentType: definition.name, description: input.description, prompt: input.prompt, outputFile: task.outputFile };
}
