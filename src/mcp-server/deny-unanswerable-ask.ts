import { joinSentences } from '../errors/join-sentences.ts';
import { allowRuleAdvice } from '../permissions/allow-rule-advice.ts';
import type { CanUseTool, PermissionDecisionReason } from '../permissions/types.ts';
import type { McpAskFallback } from './types.ts';

/**
 * The default ask fallback: nobody can answer (the client does not support elicitation, or did not answer
 * in time), so the call is denied by codev, not by a user, and the result says which rule would allow it.
 */
export const denyUnanswerableAsk: CanUseTool = (_tool, _input, options) => ({
  behavior: 'deny',
  unattended: true,
  message: joinSentences(options.message, `The MCP client could not be asked, so codev denied the call.${allowRuleAdvice(options)}`),
});

/**
 * The `allow` fallback: runs what nobody could be asked about, except where a deny rule may forbid the call
 * and only a person could tell (a plugin or settings file whose rules never loaded, a deny rule the call
 * cannot be checked against): an answer given in advance is no judgment of that call, so it is denied.
 */
const allowUnanswerableAsk: CanUseTool = (tool, input, options) => (mayBeDenied(options.decisionReason) ? denyUnanswerableAsk(tool, input, options) : { behavior: 'allow' });

function mayBeDenied(reason: PermissionDecisionReason | undefined): boolean {
  return reason?.type === 'unloadedSource' || (reason?.type === 'rule' && reason.rule.behavior === 'deny');
}

/** The `askFallback` option as a `CanUseTool`. */
export function askFallbackAnswerer(fallback: McpAskFallback | undefined): CanUseTool {
  if (typeof fallback === 'function') return fallback;
  return fallback === 'allow' ? allowUnanswerableAsk : denyUnanswerableAsk;
}
