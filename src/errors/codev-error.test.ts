import { expect, it } from 'vitest';
import { CodevError } from './codev-error.ts';

// A user's `catch (error) { console.error(String(error)) }` printed "CodevError: ..." without the code or the fix.
it('String(error) and a template literal give the code, the message and the fix', () => {
  const error = new CodevError('MODEL_NOT_CONFIGURED', 'No model API key', { hint: 'set ANTHROPIC_API_KEY' });
  expect(String(error).startsWith('MODEL_NOT_CONFIGURED: No model API key')).toBe(true);
  expect(`${error}`).toContain('fix: set ANTHROPIC_API_KEY');
  expect(error.name).toBe('CodevError');
});
