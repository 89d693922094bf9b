import { canonicalHost, hostAliases } from './host-aliases.ts';
import { matchWildcard } from './match-wildcard.ts';

const PREFIX = 'domain:';
/** Characters that would make the URL parser read a pattern as something other than a bare host. */
const NOT_A_HOST = /[/\\:@?#%\s]/;

/**
 * Matches a `WebFetch(domain:…)` rule against a URL. Hosts are compared label by label after WHATWG URL
 * parsing (so userinfo, port and `\` tricks cannot change the host, IDNs compare as punycode and IPv4
 * forms are canonical), case-insensitively, with trailing dots stripped. `domain:example.com` is exact;
 * `domain:*.example.com` is any subdomain at any depth, not the apex; `domain:*` is any host; any other
 * `*` stays within one label (`example.*` matches `example.com`, never `example.evil.com`).
 * An IPv4-mapped IPv6 host is compared as its IPv4 address. With `aliases` (for deny and ask rules), a
 * loopback host also matches a rule naming any other loopback spelling (see {@link hostAliases}).
 * False for content that is not a valid domain rule (see {@link validateDomainRule}) and for URLs without a host.
 */
export function matchDomainRule(ruleContent: string, url: string, options: { aliases?: boolean } = {}): boolean {
  const pattern = parseDomainPattern(ruleContent);
  const host = hostOf(url);
  if (pattern === undefined || host === undefined) return false;
  if (pattern === '*') return true;
  return (options.aliases ? hostAliases(host) : [host]).some((candidate) => matchHost(pattern, candidate));
}

function matchHost(pattern: string, host: string): boolean {
  const hostLabels = host.split('.');
  if (pattern.startsWith('*.')) {
    const suffix = pattern.slice(2).split('.');
    return hostLabels.length > suffix.length && labelsMatch(suffix, hostLabels.slice(-suffix.length));
  }
  const labels = pattern.split('.');
  return labels.length === hostLabels.length && labelsMatch(labels, hostLabels);
}

/** A warning when WebFetch rule content is not a usable `domain:` pattern; undefined when it is. */
export function validateDomainRule(ruleContent: string): string | undefined {
  if (parseDomainPattern(ruleContent) !== undefined) return undefined;
  return (
    `WebFetch rule content "${ruleContent}" is not a domain pattern and matches nothing: ` +
    'write "domain:example.com", "domain:*.example.com" or "domain:*" (no scheme, port or path)'
  );
}

/** The pattern's host in the URL parser's canonical form (lowercase, punycode), or undefined if invalid. */
function parseDomainPattern(ruleContent: string): string | undefined {
  const content = ruleContent.trim();
  if (!content.startsWith(PREFIX)) return undefined;
  const written = content.slice(PREFIX.length).trim();
  if (written === '*') return '*';
  const isIpv6 = /^\[[0-9A-Fa-f:.]+\]$/.test(written);
  if (written === '' || (!isIpv6 && NOT_A_HOST.test(written))) return undefined;
  const host = hostOf(`http://${written}/`);
  if (host === undefined || host.split('.').includes('')) return undefined;
  return host;
}

/** The URL's host in canonical form (see {@link canonicalHost}), or undefined when it does not parse or has no host. */
function hostOf(url: string): string | undefined {
  try {
    return canonicalHost(new URL(url).hostname);
  } catch {
    return undefined;
  }
}

function labelsMatch(patterns: readonly string[], labels: readonly string[]): boolean {
  return patterns.every((pattern, index) => {
    const label = labels[index]!;
    // A whole-label `*` stands for one real label, never an empty one.
    return pattern === '*' ? label !== '' : matchWildcard(pattern, label);
  });
}
