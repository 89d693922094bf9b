import type { SessionHookRunOptions } from './hook-run-options.ts';
import { runEachHook } from './run-each-hook.ts';
import type { PostRewindInput, PreRewindInput } from './session-hook-types.ts';

type RewindFields<Input> = Omit<Input, 'hookEventName' | 'cwd' | 'permissionMode' | 'signal'>;

/**
 * Runs the PreRewind hooks (the event takes no matcher) in registration order, until one blocks. Returns
 * the block's reason, if one blocked, and the hooks that threw or timed out (reported, never fatal).
 */
export async function runPreRewindHooks(options: SessionHookRunOptions & RewindFields<PreRewindInput>): Promise<{ blocked?: string; failures: string[] }> {
  const { hooks, ...input } = options;
  let blocked: string | undefined;
  const failures = await runEachHook({
    hooks,
    event: 'PreRewind',
    input: { hookEventName: 'PreRewind', ...input },
    onAnswer: (answer) => {
      if (answer?.block !== true) return false;
      blocked = answer.reason?.trim() || 'a PreRewind hook blocked it';
      return true;
    },
  });
  return { ...(blocked !== undefined && { blocked }), failures };
}

/** Runs every PostRewind hook; returns the failures (reported, never fatal). */
export function runPostRewindHooks(options: SessionHookRunOptions & RewindFields<PostRewindInput>): Promise<string[]> {
  const { hooks, ...input } = options;
  return runEachHook({ hooks, event: 'PostRewind', input: { hookEventName: 'PostRewind', ...input }, onAnswer: () => {} });
}
