import { errorMessage } from '../errors/codev-error.ts';
import { callHook } from './call-hook.ts';
import type { PermissionRequestDecision, PermissionRequestRunOptions, ToolHook } from './types.ts';

/** What the PermissionRequest hooks answered. */
export interface PermissionRequestResult {
  /** The first hook that answered allow or deny, and its answer; absent when none did. */
  answer?: { hookName: string; decision: PermissionRequestDecision };
  /** Hooks that threw, timed out or answered something else: reported, and taken as no answer. */
  failures: string[];
}

/**
 * Runs the PermissionRequest hooks whose matcher takes the tool name, one after another in registration
 * order, until one answers allow or deny: that hook decides and the later ones do not run. A hook that
 * fails has no say, so a broken approver can never allow a call.
 */
export async function runPermissionRequestHooks(options: PermissionRequestRunOptions): Promise<PermissionRequestResult> {
  const result: PermissionRequestResult = { failures: [] };
  const { hooks, ...request } = options;
  for (const hook of hooks) {
    if (hook.event !== 'PermissionRequest' || !hook.matches(options.toolName)) continue;
    try {
      const decision = (await callHook(hook as ToolHook<'PermissionRequest'>, { hookEventName: 'PermissionRequest', ...request }))?.decision;
      if (decision === undefined) continue;
      if (decision?.behavior === 'allow' || decision?.behavior === 'deny') {
        result.answer = { hookName: hook.name, decision };
        return result;
      }
      result.failures.push(`Hook '${hook.name}' answered a decision that is neither allow nor deny; ignored`);
    } catch (error) {
      result.failures.push(errorMessage(error));
    }
  }
  return result;
}
