import { redactSecrets } from '../processes/redact-secrets.ts';

/**
 * A tool's output data with the values of `secrets` redacted in every string of it, through arrays and
 * plain objects (see `redactSecrets`): what `codev run` prints and what a program reading the events gets.
 * The same value when there is nothing to redact; instances of classes are kept as they are.
 */
export function redactOutput<Value>(value: Value, secrets: ReadonlyArray<{ name: string; value: string }>): Value {
  if (secrets.length === 0) return value;
  return redact(value, secrets) as Value;
}

function redact(value: unknown, secrets: ReadonlyArray<{ name: string; value: string }>): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) {
    const items = value.map((item) => redact(item, secrets));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, redact(item, secrets)] as const);
  return entries.some(([key, item]) => item !== (value as Record<string, unknown>)[key]) ? Object.fromEntries(entries) : value;
}
