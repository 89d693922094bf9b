import type { SessionHookRunOptions } from './hook-run-options.ts';
import { errorMessage } from '../errors/codev-error.ts';
import { callHook, isHookAborted } from './call-hook.ts';
import { readPreRewindAnswer } from './read-pre-rewind-answer.ts';
import { runEachHook } from './run-each-hook.ts';
import type { PostRewindInput, PreRewindInput } from './session-hook-types.ts';
import type { ToolHook } from './types.ts';

type RewindFields<Input> = Omit<Input, 'hookEventName' | 'cwd' | 'permissionMode' | 'signal'>;

/**
 * Runs the PreRewind hooks (the event takes no matcher) in registration order, until one blocks. Returns
 * the block's reason, if one blocked. A hook is a guard over the files the rewind overwrites: one that
 * threw, timed out or answered what codev cannot read (see `readPreRewindAnswer`) blocks too, naming
 * itself. `failures` is kept for the caller's reports and is empty now.
 */
export async function runPreRewindHooks(options: SessionHookRunOptions & RewindFields<PreRewindInput>): Promise<{ blocked?: string; failures: string[] }> {
  const { hooks, ...input } = options;
  for (const hook of hooks) {
    if (hook.event !== 'PreRewind') continue;
    let answer: unknown;
    try {
      answer = await callHook(hook as ToolHook<'PreRewind'>, { hookEventName: 'PreRewind', ...input });
    } catch (error) {
      return { blocked: isHookAborted(error) ? `the rewind was interrupted while hook '${hook.name}' ran` : `${errorMessage(error)} (a PreRewind hook that cannot answer does not let the rewind through)`, failures: [] };
    }
    if (answer === undefined || answer === null) continue;
    const read = readPreRewindAnswer(answer);
    if (read.problem !== undefined) return { blocked: `hook '${hook.name}' answered ${read.problem}, which codev does not understand (answer { block: true, reason? }, or undefined to let the rewind go on)`, failures: [] };
    if (read.answer.block === true) return { blocked: read.answer.reason?.trim() || `hook '${hook.name}' blocked it`, failures: [] };
  }
  return { failures: [] };
}

/** Runs every PostRewind hook; returns the failures (reported, never fatal). */
export function runPostRewindHooks(options: SessionHookRunOptions & RewindFields<PostRewindInput>): Promise<string[]> {
  const { hooks, ...input } = options;
  return runEachHook({ hooks, event: 'PostRewind', input: { hookEventName: 'PostRewind', ...input }, onAnswer: () => {} });
}
