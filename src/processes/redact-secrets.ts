/** Values shorter than this are left alone: they are too likely to appear in ordinary output by chance. */
export const MIN_REDACTED_LENGTH = 8;

/**
 * `text` with every occurrence of a secret's value replaced by `[redacted $NAME]`. Longer values first, so
 * a value that contains another is replaced whole; values shorter than {@link MIN_REDACTED_LENGTH} are kept.
 *
 * @example
 * redactSecrets('key=sk-ant-123456789', [{ name: 'ANTHROPIC_API_KEY', value: 'sk-ant-123456789' }]); // 'key=[redacted $ANTHROPIC_API_KEY]'
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<{ name: string; value: string }>): string {
  let redacted = text;
  const longestFirst = secrets.filter((secret) => secret.value.length >= MIN_REDACTED_LENGTH).sort((a, b) => b.value.length - a.value.length || a.name.localeCompare(b.name));
  for (const { name, value } of longestFirst) {
    if (redacted.includes(value)) redacted = redacted.split(value).join(`[redacted $${name}]`);
  }
  return redacted;
}
