import { errorMessage } from '../errors/codev-error.ts';
import { runEachHook } from './run-each-hook.ts';
import type { PermissionRequestDecision} from './types.ts';
import type { PermissionRequestRunOptions } from './hook-run-options.ts';

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
  const { hooks, ...request } = options;
  const result: PermissionRequestResult = { failures: [] };
  await runEachHook({
    hooks,
    event: 'PermissionRequest',
    matchName: options.toolName,
    failures: result.failures,
    input: { hookEventName: 'PermissionRequest', ...request },
    onAnswer: (answer, hook) => {
      let decision: PermissionRequestDecision | undefined;
      try {
        decision = readDecision(answer);
      } catch (error) {
        // An answer that throws while it is read (a getter, a Proxy trap) is a hook that failed: no say.
        result.failures.push(`Hook '${hook.name}' answered something that could not be read (${errorMessage(error)}); ignored`);
        return false;
      }
      if (decision === undefined) return false;
      if (decision.behavior === 'allow' || decision.behavior === 'deny') {
        result.answer = { hookName: hook.name, decision };
        return true;
      }
      result.failures.push(`Hook '${hook.name}' answered a decision that is neither allow nor deny; ignored`);
      return false;
    },
  });
  return result;
}

/** The answer's decision, copied once (its own fields, each getter called once): what is checked is what is used. */
function readDecision(answer: { decision?: PermissionRequestDecision } | undefined): PermissionRequestDecision | undefined {
  const decision: unknown = answer?.decision;
  if (decision === undefined) return undefined;
  return (typeof decision === 'object' && decision !== null ? { ...decision } : {}) as PermissionRequestDecision;
}
