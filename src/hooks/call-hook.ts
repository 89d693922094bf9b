import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { ToolHook, ToolHookEvent, ToolHookMap } from './types.ts';

/**
 * Runs one hook with its timeout. Resolves to the hook's answer, or rejects with `HOOK_TIMEOUT` /
 * `HOOK_FAILED` naming the hook. The hook's `signal` aborts on timeout and when the call is interrupted.
 */
export async function callHook<Event extends ToolHookEvent>(
  hook: ToolHook<Event>,
  input: Omit<ToolHookMap[Event]['input'], 'signal'> & { signal: AbortSignal },
): Promise<ToolHookMap[Event]['output'] | undefined> {
  const controller = new AbortController();
  const abort = () => controller.abort(input.signal.reason);
  input.signal.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new CodevError('HOOK_TIMEOUT', `Hook '${hook.name}' did not answer within ${hook.timeout} ms`, { stage: hook.event, hint: 'make the hook faster or raise its timeout' }));
    }, hook.timeout);
  });
  try {
    const answer = await Promise.race([
      Promise.resolve().then(() => hook.handler({ ...input, signal: controller.signal } as ToolHookMap[Event]['input'])),
      timeout,
    ]);
    return answer ?? undefined;
  } catch (error) {
    if (CodevError.isInstance(error)) throw error;
    throw new CodevError('HOOK_FAILED', `Hook '${hook.name}' failed: ${errorMessage(error)}`, { stage: hook.event, cause: error });
  } finally {
    clearTimeout(timer);
    input.signal.removeEventListener('abort', abort);
  }
}
