import { describe, expect, it } from 'vitest';
import { defineHook } from './define-hook.ts';
import { matchingHooks } from './matching-hooks.ts';
import type { ToolHook } from './types.ts';

describe('matchingHooks', () => {
  it('answers the hooks of one event that take the tool, in registration order', () => {
    const bash = defineHook({ event: 'PreToolUse', matcher: 'Bash', handler: () => undefined });
    const any = defineHook({ event: 'PreToolUse', handler: () => undefined });
    const post = defineHook({ event: 'PostToolUse', matcher: 'Bash|Edit', handler: () => undefined });
    const hooks = [bash, post, any];
    expect(matchingHooks(hooks, 'PreToolUse', 'Bash')).toEqual([bash, any]);
    expect(matchingHooks(hooks, 'PreToolUse', 'Edit')).toEqual([any]);
    expect(matchingHooks(hooks, 'PostToolUse', 'Edit')).toEqual([post]);
    expect(matchingHooks(hooks, 'PostToolUseFailure', 'Edit')).toEqual([]);
  });

  it('runs each matcher once per list and tool name, and a new list (a reload) is matched afresh', () => {
    let tested = 0;
    const base = defineHook({ event: 'PreToolUse', matcher: 'Bash', handler: () => undefined });
    const counting: ToolHook = { ...base, matches: (name: string) => (tested++, base.matches(name)) };
    const first = [counting];
    for (let call = 0; call < 3; call++) matchingHooks(first, 'PreToolUse', 'Bash');
    expect(tested).toBe(1);
    const reloaded = [counting, defineHook({ event: 'PreToolUse', matcher: 'Bash', name: 'added', handler: () => undefined })];
    expect(matchingHooks(reloaded, 'PreToolUse', 'Bash').map((hook) => hook.name)).toEqual([counting.name, 'added']);
    expect(tested).toBe(2);
  });
});
