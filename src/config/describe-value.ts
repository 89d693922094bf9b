/**
 * Names what a value is, for messages: `a number`, `the string "yolo"`, `an object with keys a, b`.
 * Never throws and never prints more than a short excerpt.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (typeof value === 'number' || typeof value === 'bigint') return `a number (${String(value)})`;
  if (typeof value === 'boolean') return `a boolean (${String(value)})`;
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'function') return value.name ? `a function (${value.name})` : 'a function';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 6).join(', ');
  return `an object with keys ${shown}${keys.length > 6 ? ', ...' : ''}`;
}
