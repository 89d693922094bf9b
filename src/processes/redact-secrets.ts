/** Values shorter than this are left alone: they are too likely to appear in ordinary output by chance. */
export const MIN_REDACTED_LENGTH = 8;

/**
 * `text` with every occurrence of a secret's value replaced by `[redacted $NAME]`: the value as it is, and as
 * programs print values, escaped in a JSON string (`jq`, `JSON.stringify`) or URL-encoded (a query string, a
 * token in a remote URL). Longer values first, so a value that contains another is replaced whole; values
 * shorter than {@link MIN_REDACTED_LENGTH} are kept.
 *
 * @example
 * redactSecrets('key=sk-ant-123456789', [{ name: 'ANTHROPIC_API_KEY', value: 'sk-ant-123456789' }]); // 'key=[redacted $ANTHROPIC_API_KEY]'
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<{ name: string; value: string }>): string {
  let redacted = text;
  for (const { name, value } of secretSpellings(secrets)) {
    if (redacted.includes(value)) redacted = redacted.split(value).join(`[redacted $${name}]`);
  }
  return redacted;
}

/** Every spelling {@link redactSecrets} replaces (at least {@link MIN_REDACTED_LENGTH} long), longest first. */
export function secretSpellings(secrets: ReadonlyArray<{ name: string; value: string }>): Array<{ name: string; value: string }> {
  const spellings = secrets.flatMap(({ name, value }) => spellingsOf(value).map((spelling) => ({ name, value: spelling })));
  return spellings.filter((secret) => secret.value.length >= MIN_REDACTED_LENGTH).sort((a, b) => b.value.length - a.value.length || a.name.localeCompare(b.name));
}

/** The value, and its JSON-escaped and URL-encoded spellings where they differ from it. */
function spellingsOf(value: string): string[] {
  return [...new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)])];
}
