/**
 * May WebFetch follow a redirect from `from` to `to` without asking again? Yes when the host is the same up to a
 * `www.` prefix, the port is the same, no credentials appear, and the protocol stays or goes http → https.
 * Anything else is reported to the model, so the permission engine checks the new host on the next call.
 */
export function isPermittedRedirect(from: string, to: string): boolean {
  let source: URL;
  let target: URL;
  try {
    source = new URL(from);
    target = new URL(to);
  } catch {
    return false;
  }
  if (target.username || target.password) return false;
  const upgrade = source.protocol === 'http:' && target.protocol === 'https:';
  if (target.protocol !== source.protocol && !upgrade) return false;
  if (target.port !== source.port) return false;
  return stripWww(source.hostname) === stripWww(target.hostname);
}

function stripWww(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
}
