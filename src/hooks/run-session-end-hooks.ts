import type { SessionHookRunOptions } from './hook-run-options.ts';
import { runEachHook } from './run-each-hook.ts';

/** Runs every SessionEnd hook (the event takes no matcher) in registration order; returns the failures (reported, never fatal). */
export function runSessionEndHooks(options: SessionHookRunOptions & { reason: 'close' }): Promise<string[]> {
  const { hooks, ...input } = options;
  return runEachHook({ hooks, event: 'SessionEnd', input: { hookEventName: 'SessionEnd', ...input }, onAnswer: () => {} });
}
