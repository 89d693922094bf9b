import { errorMessage } from '../errors/codev-error.ts';
import { callHook, isHookAborted } from './call-hook.ts';
import type { HookEvent, HookMap, ToolHook } from './types.ts';

/**
 * Runs the hooks of `event`, one after another in registration order, each with its timeout: those whose
 * matcher takes `matchName`, or all of them when it is undefined (events without a matcher). Each answer
 * goes to `onAnswer`, which returns true to stop the run there. Resolves to the failures (a hook that threw
 * or timed out), appended to `failures` when given, which are reported and never fatal: the run goes on
 * without that hook's answer. When the input's signal aborts, the hook running is abandoned and the run
 * ends there: the work the hooks were asked about was interrupted, which is no hook's failure.
 */
export async function runEachHook<Event extends HookEvent>(options: {
  hooks: readonly ToolHook[];
  event: Event;
  matchName?: string;
  input: HookMap[Event]['input'];
  onAnswer: (answer: HookMap[Event]['output'] | undefined, hook: ToolHook<Event>) => boolean | void;
  failures?: string[];
}): Promise<string[]> {
  const failures = options.failures ?? [];
  for (const hook of options.hooks) {
    if (hook.event !== options.event || (options.matchName !== undefined && !hook.matches(options.matchName))) continue;
    let answer: HookMap[Event]['output'] | undefined;
    try {
      answer = await callHook(hook as ToolHook<Event>, options.input);
    } catch (error) {
      if (isHookAborted(error)) break;
      failures.push(errorMessage(error));
      continue;
    }
    if (options.onAnswer(answer, hook as ToolHook<Event>) === true) break;
  }
  return failures;
}
