import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineHook } from '../hooks/define-hook.ts';
import type { CodevConfigInput } from './config-schema.ts';
import { defineConfig } from './define-config.ts';

describe('defineConfig', () => {
  it('returns the config unchanged and typed', () => {
    const input = {
      plugins: ['./a.ts'],
      permissions: { mode: 'plan' as const, deny: ['Bash(rm *)'] },
      hooks: [defineHook({ event: 'PreToolUse', handler: () => undefined })],
      tools: { WebSearch: { backend: 'searxng' } },
    };
    const config = defineConfig(input);
    expect(config).toBe(input);
    expectTypeOf(config).toEqualTypeOf<CodevConfigInput>();
  });
});
