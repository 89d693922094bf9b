import { joinSentences } from '../errors/join-sentences.ts';
import { allowRuleAdvice } from '../permissions/allow-rule-advice.ts';
import type { CanUseTool } from '../permissions/types.ts';
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
 * The `'allow'` fallback: a blanket approval with no one looking, so no stronger than bypassPermissions. An
 * ask no mode settles (`immune`: an ask rule, a deny rule that cannot be checked, a protected place, rules
 * unknown) is denied as the default fallback denies it.
 */
const allowUnanswerableAsk: CanUseTool = (tool, input, options) => (options.immune ? denyUnanswerableAsk(tool, input, options) : { behavior: 'allow' });

/** The `askFallback` option as a `CanUseTool`. */
export function askFallbackAnswerer(fallback: McpAskFallback | undefined): CanUseTool {
  if (typeof fallback === 'function') return fallback;
  return fallback === 'allow' ? allowUnanswerableAsk : denyUnanswerableAsk;
}
