import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { HookEvent, HookMap, ToolHook } from './types.ts';

/**
 * Runs one hook with its timeout. Resolves to the hook's answer, or rejects with `HOOK_TIMEOUT` /
 * `HOOK_FAILED` naming the hook. The hook receives the call's (or subagent's) signal, aborted when the user interrupts;
 * a hook that times out is no longer waited for, and its answer, if it comes, is ignored.
 */
export async function callHook<Event extends HookEvent>(
  hook: ToolHook<Event>,
  input: HookMap[Event]['input'],
): Promise<HookMap[Event]['output'] | undefined> {
  let answer: ReturnType<ToolHook<Event>['handler']>;
  try {
    answer = hook.handler(input);
  } catch (error) {
    throw failed(hook, error);
  }
  // A handler that answered at once cannot time out: the timer is only for promises (most hooks are sync).
  if (!isThenable(answer)) return answer ?? undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new CodevError('HOOK_TIMEOUT', `Hook '${hook.name}' did not answer within ${hook.timeout} ms`, { stage: hook.event, hint: 'make the hook faster or raise its timeout' }));
    }, hook.timeout);
  });
  try {
    return (await Promise.race([answer, timeout])) ?? undefined;
  } catch (error) {
    throw failed(hook, error);
  } finally {
    clearTimeout(timer);
  }
}

function failed(hook: ToolHook, error: unknown): CodevError {
  if (CodevError.isInstance(error)) return error;
  return new CodevError('HOOK_FAILED', `Hook '${hook.name}' failed: ${errorMessage(error)}`, { stage: hook.event, cause: error });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
