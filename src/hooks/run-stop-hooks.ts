import { errorMessage } from '../errors/codev-error.ts';
import { callHook } from './call-hook.ts';
import type { SessionHookRunOptions, ToolHook } from './types.ts';

/** Stop hooks may keep the agent going this many times in a query; at the next block it ends anyway, with a warning. */
export const MAX_STOP_HOOK_BLOCKS = 8;

/** The merged answer of the Stop hooks. */
export interface StopHooksResult {
  /** One per hook that blocked the stop, in registration order; empty when the agent may end. */
  reasons: string[];
  /** True when a hook asked to end now (`stop`), which wins over every block. */
  stopped: boolean;
  /** Hooks that threw or timed out: reported, never fatal (they do not block). */
  failures: string[];
}

/**
 * Runs every Stop hook (the event takes no matcher), one after another in registration order, so each
 * blocking hook's reason reaches the model. A `stop` from any hook empties `reasons`.
 */
export async function runStopHooks(options: SessionHookRunOptions & { stopHookActive: boolean; lastAssistantMessage?: string }): Promise<StopHooksResult> {
  const result: StopHooksResult = { reasons: [], stopped: false, failures: [] };
  const { hooks, ...session } = options;
  for (const hook of hooks) {
    if (hook.event !== 'Stop') continue;
    try {
      const answer = await callHook(hook as ToolHook<'Stop'>, { hookEventName: 'Stop', ...session });
      if (answer?.stop === true) result.stopped = true;
      if (answer?.block === true) result.reasons.push(typeof answer.reason === 'string' && answer.reason.trim() !== '' ? answer.reason : `Hook '${hook.name}' asked you to continue.`);
    } catch (error) {
      result.failures.push(errorMessage(error));
    }
  }
  if (result.stopped) result.reasons = [];
  return result;
}
