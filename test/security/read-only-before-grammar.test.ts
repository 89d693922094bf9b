import { expect, it } from 'vitest';
import { runToolUse } from '../../src/execution/run-tool-use.ts';
import { definePermissionRule } from '../../src/permissions/define-permission-rule.ts';
import { loadedShellAnalysis } from '../../src/permissions/shell/load-shell-analysis.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { bashTool } from '../../src/tools/Bash/index.ts';

// A file of its own: the process must not have loaded the shell analysis before this test. A rule function
// that asks the tool whether a call only reads must get the same answer on a process's first Bash call as
// on any later one (it did before the grammar was loaded lazily): `runToolUse` is public, not only the loop.
it('a rule function that consults isReadOnly sees the real answer on the first Bash call of a fresh process', async () => {
  expect(loadedShellAnalysis()).toBeUndefined();
  const seen: boolean[] = [];
  const readOnlyOnly = definePermissionRule({
    name: 'read-only-only',
    check: (tool, input) => {
      const readOnly = tool.isReadOnly(input);
      seen.push(readOnly);
      return readOnly ? 'allow' : 'deny';
    },
  });
  const context = createTestContext({ tools: [bashTool], ruleSets: [readOnlyOnly] });
  const updates = [];
  for await (const update of runToolUse({ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }, undefined, async () => ({ behavior: 'deny', message: 'no prompt in this test' }), context)) updates.push(update);
  expect(seen).toEqual([true]);
  const result = updates.find((update) => update.type === 'result');
  expect(result && 'status' in result ? result.status : JSON.stringify(result)).not.toBe('denied');
});
