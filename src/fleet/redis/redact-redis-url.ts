const HIDDEN = '***';

/**
 * A Redis URL that is safe to print: the password replaced by `***`. A lone user part counts as a
 * password too (`redis://secret@host`), because that is how ioredis reads it. A value that is not a URL
 * has everything between `//` and the last `@` hidden.
 */
export function redactRedisUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/\/\/[^/]*@/, `//${HIDDEN}@`);
  }
  if (parsed.password !== '') parsed.password = HIDDEN;
  else if (parsed.username !== '') parsed.username = HIDDEN;
  return parsed.toString();
}
