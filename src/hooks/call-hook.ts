import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { HookEvent, HookMap, ToolHook } from './types.ts';

/**
 * Runs one hook with its timeout. Answers with the hook's answer, or fails with `HOOK_TIMEOUT` /
 * `HOOK_FAILED` naming the hook. The hook receives the call's (or subagent's) signal, aborted when the user interrupts;
 * a hook that times out is no longer waited for, and its answer, if it comes, is ignored.
 *
 * A handler that answers at once (most hooks) gets its answer back as a value, and a handler that throws
 * at once makes this throw: no promise, no timer and no microtask turn. Only a promise races the timeout
 * and comes back as a promise (rejected on failure). Callers `await` it inside their `try` either way, or
 * take a value as it is.
 */
export function callHook<Event extends HookEvent>(
  hook: ToolHook<Event>,
  input: HookMap[Event]['input'],
): HookMap[Event]['output'] | undefined | Promise<HookMap[Event]['output'] | undefined> {
  let answer: ReturnType<ToolHook<Event>['handler']>;
  try {
    answer = hook.handler(input);
  } catch (error) {
    throw failed(hook, error);
  }
  // A handler that answered at once cannot time out: the timer is only for promises.
  if (!isThenable(answer)) return answer ?? undefined;
  return raceTimeout(hook, answer);
}

async function raceTimeout<Event extends HookEvent>(hook: ToolHook<Event>, answer: PromiseLike<HookMap[Event]['output'] | undefined | void>): Promise<HookMap[Event]['output'] | undefined> {
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

/** True for a promise or any object with a `then` method (a promise from another realm, e.g. jiti's vm). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function failed(hook: ToolHook, error: unknown): CodevError {
  if (CodevError.isInstance(error)) return error;
  return new CodevError('HOOK_FAILED', `Hook '${hook.name}' failed: ${errorMessage(error)}`, { stage: hook.event, cause: error });
}
