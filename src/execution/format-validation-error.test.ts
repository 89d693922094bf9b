import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatValidationError } from './format-validation-error.ts';

function issuesOf(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error.issues;
}

describe('formatValidationError', () => {
  const schema = z.strictObject({ file_path: z.string(), mode: z.enum(['a', 'b']).optional() });

  it('names each bad parameter', () => {
    expect(formatValidationError('Read', issuesOf(schema, { file_path: 3, mode: 'c', extra: 1 }))).toBe(
      'Read failed due to the following issue(s):\nThe parameter `file_path` type is expected as `string` but provided as `number`\nThe parameter `mode` is invalid: expected one of "a", "b"\nAn unexpected parameter `extra` was provided',
    );
  });

  it('names the input itself, not an empty parameter, when the input is not an object', () => {
    const message = formatValidationError('Read', issuesOf(schema, []));
    expect(message).not.toContain('``');
    expect(message).toContain('The input type is expected as `object` but provided as `array`');
    expect(formatValidationError('Read', issuesOf(schema, undefined))).toContain('The input is missing');
  });
});
