import type { PermissionBehavior, PermissionRuleValue } from '../types.ts';
import { validateDomainRule } from './match-domain.ts';

/**
 * What makes a deny or ask rule's content match nothing, so that the rule could never stop what it was
 * written to stop: a WebFetch rule that is no `domain:` pattern (`WebFetch(127.0.0.1)`, a URL, a host with a
 * port). An error where the rule is written, with the rule probably meant as `suggestion`. An allow rule like
 * that fails safe (the call asks), so it stays a warning (see `lintRules`). Undefined when the content is fine.
 */
export function checkRuleContent(options: { behavior: PermissionBehavior; value: PermissionRuleValue }): { message: string; suggestion?: string } | undefined {
  const { behavior, value } = options;
  if (behavior === 'allow' || value.toolName.trim() !== 'WebFetch' || value.ruleContent === undefined) return undefined;
  const message = validateDomainRule(value.ruleContent);
  if (!message) return undefined;
  const host = hostWritten(value.ruleContent);
  return host === undefined ? { message } : { message, suggestion: `WebFetch(domain:${host})` };
}

/** The host a content that is no domain pattern probably means: `127.0.0.1`, `http://127.0.0.1:8080/x`, `domain:host:8080`. */
function hostWritten(content: string): string | undefined {
  const written = content.trim().replace(/^(?:domain|url|host):/i, '').trim();
  try {
    const { hostname } = new URL(written.includes('://') ? written : `http://${written}`);
    return hostname === '' ? undefined : hostname;
  } catch {
    return undefined;
  }
}
