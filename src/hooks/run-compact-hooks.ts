import type { SessionHookRunOptions } from './hook-run-options.ts';
import { runEachHook } from './run-each-hook.ts';
import type { CompactTrigger } from './session-hook-types.ts';

/**
 * Runs the PreCompact hooks whose matcher takes the trigger, in registration order. Returns each hook's
 * `instructions` for the summary, and the hooks that threw or timed out (reported, never fatal).
 */
export async function runPreCompactHooks(options: SessionHookRunOptions & { trigger: CompactTrigger; customInstructions?: string; tokensBefore: number }): Promise<{ instructions: string[]; failures: string[] }> {
  const { hooks, ...input } = options;
  const instructions: string[] = [];
  const failures = await runEachHook({
    hooks,
    event: 'PreCompact',
    matchName: options.trigger,
    input: { hookEventName: 'PreCompact', ...input },
    onAnswer: (answer) => {
      if (typeof answer?.instructions === 'string' && answer.instructions.trim() !== '') instructions.push(answer.instructions.trim());
    },
  });
  return { instructions, failures };
}

/** Runs the PostCompact hooks whose matcher takes the trigger; returns the failures (reported, never fatal). */
export function runPostCompactHooks(options: SessionHookRunOptions & { trigger: CompactTrigger; tokensBefore: number; tokensAfter: number; summary?: string }): Promise<string[]> {
  const { hooks, ...input } = options;
  return runEachHook({ hooks, event: 'PostCompact', matchName: options.trigger, input: { hookEventName: 'PostCompact', ...input }, onAnswer: () => {} });
}
