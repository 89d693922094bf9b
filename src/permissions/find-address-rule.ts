import { collectRules } from './collect-rules.ts';
import { matchDomainRule } from './rules/match-domain.ts';
import type { PermissionRule, ToolPermissionContext } from './types.ts';

/**
 * The WebFetch deny or ask rule that names `address`, an IP address a host name resolved to, and that the
 * URL's own host did not already answer: `WebFetch(domain:127.0.0.1)` or `WebFetch(domain:localhost)` (every
 * loopback spelling stands for the others) reached through a name that `/etc/hosts` or DNS maps to loopback.
 * A rule that matches the host too was settled by the permission check before the call (denied, or asked
 * and approved), so it is not asked again here. Deny rules come first.
 */
export function findAddressRule(options: { permissionContext: ToolPermissionContext; url: string; address: string }): PermissionRule | undefined {
  const rules = collectRules(options.permissionContext);
  const addressUrl = `http://${options.address.includes(':') ? `[${options.address}]` : options.address}/`;
  const names = (rule: PermissionRule) =>
    rule.value.toolName === 'WebFetch' &&
    rule.value.ruleContent !== undefined &&
    matchDomainRule(rule.value.ruleContent, addressUrl, { aliases: true }) &&
    !matchDomainRule(rule.value.ruleContent, options.url, { aliases: true });
  return rules.deny.find(names) ?? rules.ask.find(names);
}
