import type { SubagentSlots } from '../tool/agent-scope.ts';

/** A counter of running subagents with a ceiling, shared by one agent tree. */
export function createSubagentSlots(maxConcurrent: number): SubagentSlots {
  let running = 0;
  return {
    get running() {
      return running;
    },
    tryAcquire() {
      if (running >= maxConcurrent) return false;
      running++;
      return true;
    },
    release() {
      running = Math.max(0, running - 1);
    },
  };
}
