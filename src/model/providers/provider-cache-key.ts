import { createHash } from 'node:crypto';

/**
 * A provider's cache key: its name and settings as JSON, each secret replaced by a hash of it (equal secrets,
 * equal keys; the key itself never holds one, as it may be logged or kept).
 */
export function providerCacheKey(fields: Readonly<Record<string, string | null | undefined>>, secrets: Readonly<Record<string, string | null | undefined>>): string {
  const hashed = Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, value ? `sha256:${createHash('sha256').update(value).digest('hex').slice(0, 32)}` : null]));
  return JSON.stringify({ ...fields, ...hashed });
}
