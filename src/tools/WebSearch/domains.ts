/**
 * Turns what the model wrote as a domain into a bare lowercase host: strips a scheme, a path, a port, a leading
 * `*.` and a trailing dot. `https://Docs.Example.com/x` → `docs.example.com`. Returns '' when nothing is left.
 */
export function normalizeDomain(domain: string): string {
  let text = domain.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  text = text.replace(/[/?#].*$/, '');
  text = text.replace(/^[^@]*@/, '');
  text = text.replace(/:\d*$/, '');
  text = text.replace(/^\*\./, '').replace(/^\.+/, '').replace(/\.+$/, '');
  if (text === '' || /[\s*]/.test(text)) return text;
  try {
    // Internationalized names become punycode, as URL hosts do.
    return new URL(`http://${text}`).hostname.replace(/\.$/, '');
  } catch {
    return text;
  }
}

/** The host of a URL, lowercase, without a trailing dot; '' when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return '';
  }
}

/** True when `host` is `domain` or a subdomain of it: after a dot, so `notexample.com` never matches `example.com`. */
export function hostMatchesDomain(host: string, domain: string): boolean {
  return host !== '' && domain !== '' && (host === domain || host.endsWith(`.${domain}`));
}

/** Keeps the items whose URL passes the filters: in an allowed domain (when any are given) and in no blocked one. */
export function filterByDomains<T extends { url: string }>(
  items: readonly T[],
  filters: { allowed?: readonly string[]; blocked?: readonly string[] },
): T[] {
  const allowed = (filters.allowed ?? []).map(normalizeDomain).filter(Boolean);
  const blocked = (filters.blocked ?? []).map(normalizeDomain).filter(Boolean);
  return items.filter((item) => {
    const host = hostOf(item.url);
    if (allowed.length > 0 && !allowed.some((domain) => hostMatchesDomain(host, domain))) return false;
    return !blocked.some((domain) => hostMatchesDomain(host, domain));
  });
}
