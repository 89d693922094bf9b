/** True for hosts that never leave the machine: `localhost`, `*.localhost`, 127.0.0.0/8, `::1`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  if (/^::ffff:127\./.test(host)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The URL WebFetch requests: `http:` becomes `https:` except for loopback hosts; the fragment is dropped. */
export function upgradeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) parsed.protocol = 'https:';
  parsed.hash = '';
  return parsed.href;
}
