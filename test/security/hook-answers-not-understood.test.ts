import { expect, it } from 'vitest';
import { z } from 'zod';
import { runToolUse } from '../../src/execution/run-tool-use.ts';
import type { ToolUseUpdate } from '../../src/execution/types.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import { buildTool } from '../../src/tool/build-tool.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';

// A PreToolUse hook is a guard: an answer codev does not understand is a guard that did not say "go ahead".
// Read as "no opinion", a hook written `return 'deny'`, `{ decision: 'block' }` (Claude Code's old name for
// deny), `{ permissionDecision: 'deny' }` (Claude Code's command-hook shape) or with a typo let the call run.
const answers: Array<[string, unknown]> = [
  ['the bare string deny', 'deny'],
  ['the bare string allow', 'allow'],
  ['false', false],
  ['a number', 0 + 2],
  ["decision 'block'", { decision: 'block', reason: 'no' }],
  ["decision 'Deny'", { decision: 'Deny' }],
  ['a decision that is not a string', { decision: ['deny'] }],
  ["Claude Code's permissionDecision", { permissionDecision: 'deny', permissionDecisionReason: 'no' }],
  ["Claude Code's hookSpecificOutput", { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }],
  ['a misspelt key', { decison: 'deny' }],
  ['an array', ['deny']],
];

for (const [label, answer] of answers) {
  for (const kind of ['sync', 'async'] as const) {
    it(`a ${kind} PreToolUse hook answering ${label}: the call is denied, with a reason naming the hook`, async () => {
      const made: string[] = [];
      const tool = buildTool({
        name: 'Wipe',
        description: 'Wipes a disk',
        inputSchema: z.object({}),
        checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }),
        call: () => {
          made.push('wiped');
          return { data: 'wiped' };
        },
      });
      const hooks = [defineHook({ event: 'PreToolUse', matcher: 'Wipe', name: 'guard', handler: (() => (kind === 'sync' ? answer : Promise.resolve(answer))) as never })];
      const context = createTestContext({ tools: [tool], hooks });
      const updates: ToolUseUpdate[] = [];
      for await (const update of runToolUse({ type: 'tool_use', id: 'call-1', name: 'Wipe', input: {} }, undefined, () => Promise.resolve({ behavior: 'allow' }) as never, context)) updates.push(update);
      const result = updates.at(-1)!;
      expect(made).toEqual([]);
      expect(result.type === 'result' && result.status).toBe('denied');
      expect(JSON.stringify(result)).toContain('guard');
    });
  }
}

for (const answer of [undefined, null, {}, { reason: 'fine' }, { additionalContext: 'note' }]) {
  it(`a PreToolUse hook answering ${JSON.stringify(answer)} has no opinion: the call is made`, async () => {
    const made: string[] = [];
    const tool = buildTool({ name: 'Wipe', description: 'Wipes a disk', inputSchema: z.object({}), checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }), call: () => (made.push('wiped'), { data: 'wiped' }) });
    const hooks = [defineHook({ event: 'PreToolUse', matcher: 'Wipe', name: 'quiet', handler: (() => answer) as never })];
    const context = createTestContext({ tools: [tool], hooks });
    const updates: ToolUseUpdate[] = [];
    for await (const update of runToolUse({ type: 'tool_use', id: 'call-1', name: 'Wipe', input: {} }, undefined, () => Promise.resolve({ behavior: 'allow' }) as never, context)) updates.push(update);
    expect(made).toEqual(['wiped']);
  });
}
