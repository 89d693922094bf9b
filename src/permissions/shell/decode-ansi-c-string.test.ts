import { describe, expect, it } from 'vitest';
import { decodeAnsiCString } from './decode-ansi-c-string.ts';

describe('decodeAnsiCString', () => {
  it.each([
    ["$'\\x72m'", 'rm'],
    ["$'\\162m'", 'rm'],
    ["$'\\u0072m'", 'rm'],
    ["$'\\U00000072m'", 'rm'],
    ["$'a\\nb\\tc'", 'a\nb\tc'],
    ["$'it\\'s'", "it's"],
    ["$'back\\\\slash'", 'back\\slash'],
    ["$'\\cA'", '\x01'],
    ["$'\\e[0m'", '\x1b[0m'],
    ["$'\\q'", '\\q'],
    ["$'plain'", 'plain'],
  ])('%s → %j', (raw, expected) => {
    expect(decodeAnsiCString(raw)).toBe(expected);
  });
});
