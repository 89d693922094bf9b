/**
 * `url` with its user name and password (which a message must never print) replaced by `***`, parsable or not,
 * with a scheme or without (`user:pass@proxy:3128`, as proxy variables are often written).
 */
export function withoutCredentials(url: string): string {
  return url.replace(/^((?:[a-z][a-z0-9+.-]*:\/\/)?)[^/?#]*@/i, '$1***@');
}
