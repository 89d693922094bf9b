import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { HookEvent, HookMap, ToolHook } from './types.ts';

/**
 * Runs one hook with its timeout. Answers with the hook's answer, or fails with `HOOK_TIMEOUT` /
 * `HOOK_FAILED` naming the hook, or `HOOK_ABORTED` when its input's `signal` aborts (the user interrupted
 * the call, the query or the subagent) before it answered. A hook that timed out or was abandoned is no
 * longer waited for, and its answer, if it comes, is ignored: the abort reaches every hook at once, as it
 * reaches the model request (a command hook's processes are killed by the same signal).
 *
 * A handler that answers at once (most hooks) gets its answer back as a value, and a handler that throws
 * at once makes this throw: no promise, no timer and no microtask turn. Only a promise races the timeout
 * and the signal, and comes back as a promise (rejected on failure). Callers `await` it inside their `try`
 * either way, or take a value as it is.
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
  return raceTimeoutAndAbort(hook, answer, input.signal);
}

async function raceTimeoutAndAbort<Event extends HookEvent>(hook: ToolHook<Event>, answer: PromiseLike<HookMap[Event]['output'] | undefined | void>, signal: AbortSignal | undefined): Promise<HookMap[Event]['output'] | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const abandoned = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new CodevError('HOOK_TIMEOUT', `Hook '${hook.name}' did not answer within ${hook.timeout} ms`, { stage: hook.event, hint: 'make the hook faster or raise its timeout' }));
    }, hook.timeout);
    onAbort = () => reject(abortedError(hook));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return (await Promise.race([answer, abandoned])) ?? undefined;
  } catch (error) {
    throw failed(hook, error);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** True when `error` says a hook was abandoned because its signal aborted (not a failure of the hook). */
export function isHookAborted(error: unknown): boolean {
  return CodevError.isInstance(error) && error.code === 'HOOK_ABORTED';
}

/** True for a promise or any object with a `then` method (a promise from another realm, e.g. jiti's vm). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function abortedError(hook: ToolHook): CodevError {
  return new CodevError('HOOK_ABORTED', `Hook '${hook.name}' was abandoned: the work it was asked about was interrupted`, { stage: hook.event, hint: 'a hook should stop its work when its input\'s signal aborts' });
}

function failed(hook: ToolHook, error: unknown): CodevError {
  if (CodevError.isInstance(error)) return error;
  return new CodevError('HOOK_FAILED', `Hook '${hook.name}' failed: ${errorMessage(error)}`, { stage: hook.event, cause: error });
}
