import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { runToolUse } from '../../src/execution/run-tool-use.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import type { HookEvent } from '../../src/hooks/types.ts';
import { buildTool } from '../../src/tool/build-tool.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';

// A caller that stops reading runToolUse while a hook runs has abandoned the call: the hooks after that
// one are not told of it (a PreToolUse audit hook would record a call that is never made), as when hook
// runs were generators, closed with the call's.
for (const event of ['PreToolUse', 'PostToolUse'] as const satisfies readonly HookEvent[]) {
  it(`a caller that stops reading while a ${event} hook runs: the later hooks do not run`, async () => {
    const log: string[] = [];
    let answer!: () => void;
    const tool = buildTool({
      name: 'Note',
      description: 'Takes a note',
      inputSchema: z.object({}),
      checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }),
      call: () => {
        log.push('call');
        return { data: 'noted' };
      },
    });
    const hooks = [
      defineHook({ event, matcher: 'Note', name: 'slow', handler: () => new Promise<undefined>((resolve) => (answer = () => resolve(undefined))) }),
      defineHook({ event, matcher: 'Note', name: 'audit', handler: () => void log.push('audit') }),
    ];
    const context = createTestContext({ tools: [tool], hooks: hooks as never });
    for await (const update of runToolUse({ type: 'tool_use', id: 'call-1', name: 'Note', input: {} }, undefined, () => Promise.resolve({ behavior: 'deny', message: 'no prompt here' }), context)) {
      if (update.type === 'progress' && update.progress.type === 'hook_progress' && update.progress.hookName === 'slow') break;
    }
    answer();
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(log).toEqual(event === 'PreToolUse' ? [] : ['call']);
  });
}
