import { expect, it } from 'vitest';
import { z } from 'zod';
import { runToolUse } from '../../src/execution/run-tool-use.ts';
import type { ToolUseUpdate } from '../../src/execution/types.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import { buildTool } from '../../src/tool/build-tool.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';

// A PreToolUse hook's decision is read by name: a name that is no decision but a property every object
// has (`valueOf`, `constructor`, `toString`) is no decision either. Taken for one, it outranked nothing and
// was never outranked, so a later hook's deny was lost and the call was made.
for (const name of ['valueOf', 'constructor', 'toString', '__proto__']) {
  it(`a hook answering decision '${name}' before a hook that denies: the call is denied, not made`, async () => {
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
    const hooks = [
      defineHook({ event: 'PreToolUse', matcher: 'Wipe', name: 'odd', handler: () => JSON.parse(`{"decision": "${name}"}`) }),
      defineHook({ event: 'PreToolUse', matcher: 'Wipe', name: 'guard', handler: () => ({ decision: 'deny', reason: 'never wipe' }) }),
    ];
    const context = createTestContext({ tools: [tool], hooks });
    const updates: ToolUseUpdate[] = [];
    for await (const update of runToolUse({ type: 'tool_use', id: 'call-1', name: 'Wipe', input: {} }, undefined, () => Promise.resolve({ behavior: 'allow' }) as never, context)) updates.push(update);
    const result = updates.at(-1)!;
    expect(made).toEqual([]);
    expect(result.type === 'result' && result.status).toBe('denied');
  });
}
