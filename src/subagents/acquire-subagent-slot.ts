import { CodevError } from '../errors/codev-error.ts';
import type { AgentScope } from '../tool/agent-scope.ts';

/** Takes a slot of the agent tree for one subagent run, or throws `AGENT_LIMIT` when all are in use. Release it with `scope.slots.release()`. */
export function acquireSubagentSlot(scope: Pick<AgentScope, 'slots' | 'limits'>): void {
  if (scope.slots.tryAcquire()) return;
  throw new CodevError('AGENT_LIMIT', `${scope.limits.maxConcurrent} subagents are already running; wait for one to finish (TaskOutput) or do this task yourself.`, { hint: 'raise subagents.maxConcurrent in codev.config.ts' });
}
