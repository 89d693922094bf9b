import { expect, it } from 'vitest';
import { z } from 'zod';
import { runToolUse } from '../../src/execution/run-tool-use.ts';
import type { ToolUseUpdate } from '../../src/execution/types.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import { buildTool } from '../../src/tool/build-tool.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';

// A PostToolUse hook runs after the tool: whatever it answers (someone else's bug: a string, a number, a
// boolean), the call it heard of has already had its effects. Reported as a failed call, the model would
// make it again; and every hook's progress still reaches the caller.
const made: string[] = [];
const append = buildTool({
  name: 'Append',
  description: 'Appends a line to a log',
  inputSchema: z.object({ line: z.string() }),
  checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }),
  call: ({ line }) => {
    made.push(line);
    return { data: `appended ${line}` };
  },
});

async function run(answer: unknown, asPromise: boolean): Promise<ToolUseUpdate[]> {
  const hooks = [
    defineHook({ event: 'PostToolUse', matcher: 'Append', name: 'odd', handler: (() => (asPromise ? Promise.resolve(answer) : answer)) as never }),
    defineHook({ event: 'PostToolUse', matcher: 'Append', name: 'note', handler: () => ({ additionalContext: 'noted' }) }),
  ];
  const context = createTestContext({ tools: [append], hooks });
  const updates: ToolUseUpdate[] = [];
  for await (const update of runToolUse({ type: 'tool_use', id: 'call-1', name: 'Append', input: { line: 'one' } }, undefined, () => Promise.resolve({ behavior: 'deny', message: 'no prompt here' }), context)) updates.push(update);
  return updates;
}

for (const answer of ['not an object', 42, true]) {
  for (const asPromise of [false, true]) {
    it(`a PostToolUse hook answering ${JSON.stringify(answer)}${asPromise ? ' (by a promise)' : ''} leaves the call a success, made once, the next hook heard`, async () => {
      made.length = 0;
      const updates = await run(answer, asPromise);
      const result = updates.at(-1)!;
      expect(result.type).toBe('result');
      expect(result.type === 'result' && result.status).toBe('ok');
      expect(made).toEqual(['one']);
      const progress = updates.flatMap((update) => (update.type === 'progress' && update.progress.type === 'hook_progress' ? [`${update.progress.hookName}:${update.progress.status}`] : []));
      expect(progress).toEqual(['odd:started', 'odd:failed', 'note:started', 'note:completed']);
      expect(JSON.stringify(result.type === 'result' && result.block)).toContain('noted');
    });
  }
}

it("a PostToolUse hook's replacement output that the tool's mapper cannot map leaves the call a success with its own output, and a warning", async () => {
  made.length = 0;
  const shout = buildTool({
    name: 'Shout',
    description: 'Shouts a word',
    inputSchema: z.object({ word: z.string() }),
    outputSchema: z.object({ word: z.string() }),
    checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }),
    call: ({ word }) => {
      made.push(word);
      return { data: { word } };
    },
    mapToolResultToToolResultBlockParam: (output, toolUseId) => {
      if (output.word === '') throw new Error('nothing to shout');
      return { type: 'tool_result', tool_use_id: toolUseId, content: output.word.toUpperCase() };
    },
  });
  const hooks = [defineHook({ event: 'PostToolUse', matcher: 'Shout', name: 'blank', handler: () => ({ updatedOutput: { word: '' } }) })];
  const warnings: string[] = [];
  const context = Object.assign(createTestContext({ tools: [shout], hooks }), { onWarning: (warning: string) => void warnings.push(warning) });
  const updates: ToolUseUpdate[] = [];
  for await (const update of runToolUse({ type: 'tool_use', id: 'call-2', name: 'Shout', input: { word: 'hey' } }, undefined, () => Promise.resolve({ behavior: 'deny', message: 'no prompt here' }), context)) updates.push(update);
  const result = updates.at(-1)!;
  expect(result.type === 'result' && result.status).toBe('ok');
  expect(made).toEqual(['hey']);
  expect(JSON.stringify(result.type === 'result' && result.block)).toContain('HEY');
  expect(warnings.some((warning) => warning.includes('blank'))).toBe(true);
});
