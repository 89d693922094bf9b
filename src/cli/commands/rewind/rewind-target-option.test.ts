import { describe, expect, it } from 'vitest';
import { rewindTargetOption } from './rewind-target-option.ts';

describe('rewindTargetOption', () => {
  it('reads a turn or a message uuid', () => {
    expect(rewindTargetOption('to', '2')).toBe(2);
    expect(rewindTargetOption('to', '6f1c0d2e-0000-4000-8000-000000000001')).toBe('6f1c0d2e-0000-4000-8000-000000000001');
    expect(rewindTargetOption('to', undefined)).toBeUndefined();
  });

  it.each(['0', '-1', '1.5', '', ' ', 'a b', '../x'])('refuses %j as CLI_USAGE', (value) => {
    expect(() => rewindTargetOption('to', value)).toThrow(expect.objectContaining({ code: 'CLI_USAGE' }));
  });
});
