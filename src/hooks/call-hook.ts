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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new CodevError('HOOK_TIMEOUT', `Hook '${hook.name}' did not answer within ${hook.timeout} ms`, { stage: hook.event, hint: 'make the hook faster or raise its timeout' }));
    }, hook.timeout);
  });
  try {
    const answer = await Promise.race([Promise.resolve().then(() => hook.handler(input)), timeout]);
    return answer ?? undefined;
  } catch (error) {
    if (CodevError.isInstance(error)) throw error;
    throw new CodevError('HOOK_FAILED', `Hook '${hook.name}' failed: ${errorMessage(error)}`, { stage: hook.event, cause: error });
  } finally {
    clearTimeout(timer);
  }
}
