import { readFileSync } from 'node:fs';

/** codev's version, read from its package.json (one place to bump), or `unknown` when that cannot be read. */
export function codevVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
