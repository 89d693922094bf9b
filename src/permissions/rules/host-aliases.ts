/** Hosts that reach this machine's own services: any of them reaches what another one does. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]'];
const MAPPED_IPV4 = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/;

/**
 * A URL parser's hostname in the form rules compare: trailing dots stripped, and an IPv4-mapped IPv6
 * address (`[::ffff:7f00:1]`, which the URL parser makes of `[::ffff:127.0.0.1]`) as the IPv4 address it
 * reaches. Undefined for an empty host.
 */
export function canonicalHost(hostname: string): string | undefined {
  const host = hostname.replace(/\.+$/, '').toLowerCase();
  const mapped = MAPPED_IPV4.exec(host);
  if (mapped) {
    const [high, low] = [Number.parseInt(mapped[1]!, 16), Number.parseInt(mapped[2]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return host === '' ? undefined : host;
}

/**
 * Every host a deny or ask rule must consider for this one: itself, and for a loopback host (`localhost`,
 * `*.localhost`, `127.0.0.0/8`, `[::1]`, and `0.0.0.0` / `[::]`, which Linux connects to the local machine)
 * all the loopback spellings, so that denying `127.0.0.1` also stops `http://0.0.0.0:3000/`.
 */
export function hostAliases(host: string): string[] {
  const loopback = LOOPBACK_NAMES.includes(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host);
  return loopback ? [...new Set([host, ...LOOPBACK_NAMES])] : [host];
}
