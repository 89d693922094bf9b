import type { SubagentHookRunOptions } from './hook-run-options.ts';
import { runEachHook } from './run-each-hook.ts';
import { collectContext, type SessionStartResult } from './run-session-start-hooks.ts';

/** Runs the SubagentStart hooks whose matcher takes the agent type, one after another in registration order. */
export async function runSubagentStartHooks(options: SubagentHookRunOptions): Promise<SessionStartResult> {
  const { hooks, ...subagent } = options;
  const additionalContext: string[] = [];
  const failures = await runEachHook({ hooks, event: 'SubagentStart', matchName: options.agentType, input: { hookEventName: 'SubagentStart', ...subagent }, onAnswer: collectContext(additionalContext) });
  return { additionalContext, failures };
}
