import { describe, expect, it } from 'vitest';
import { createTestContext } from '../testing/create-test-context.ts';
import { runTool } from '../testing/run-tool.ts';
import { testPlain } from './test-fixtures/permission-tools.ts';
import type { CanUseTool, CanUseToolOptions } from './types.ts';
import { unloadedSourcesRule } from './unloaded-sources-rule.ts';

const broken = unloadedSourcesRule([{ kind: 'plugin', file: '/project/plugins/broken.ts', hint: 'fix the syntax error in broken.ts' }]);

function prompt(answer: Awaited<ReturnType<CanUseTool>>) {
  const asked: CanUseToolOptions[] = [];
  const canUseTool: CanUseTool = (_tool, _input, options) => {
    asked.push(options);
    return answer;
  };
  return { asked, canUseTool };
}

describe('the rules of a source that never loaded', () => {
  it('ask for every call, naming the file and its fix, and offer no allow rule', async () => {
    const { asked, canUseTool } = prompt({ behavior: 'allow' });
    const context = createTestContext({ tools: [testPlain], ruleSets: [broken], allow: [testPlain.name] });
    const { result } = await runTool({ name: testPlain.name, input: {}, context, canUseTool });
    expect(result.status).toBe('ok');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.decisionReason).toEqual({ type: 'unloadedSource', sources: [{ kind: 'plugin', file: '/project/plugins/broken.ts', hint: 'fix the syntax error in broken.ts' }] });
    expect(asked[0]!.suggestions).toEqual([]);
    expect(asked[0]!.message).toContain('/project/plugins/broken.ts');
    expect(asked[0]!.message).toContain('fix the syntax error in broken.ts');
  });

  it('are not settled by bypassPermissions', async () => {
    const { asked, canUseTool } = prompt({ behavior: 'deny', message: 'no' });
    const context = createTestContext({ tools: [testPlain], ruleSets: [broken], mode: 'bypassPermissions' });
    const { result } = await runTool({ name: testPlain.name, input: {}, context, canUseTool });
    expect(asked).toHaveLength(1);
    expect(result.decision).toMatchObject({ behavior: 'deny', source: 'user_reject', reason: { type: 'unloadedSource' } });
  });

  it('denied where nobody can answer, are denied by codev, not by a user', async () => {
    const { canUseTool } = prompt({ behavior: 'deny', message: 'nobody to ask', unattended: true });
    const context = createTestContext({ tools: [testPlain], ruleSets: [broken] });
    const { result } = await runTool({ name: testPlain.name, input: {}, context, canUseTool });
    expect(result.decision).toMatchObject({ behavior: 'deny', source: 'config', reason: { type: 'unloadedSource' }, message: 'nobody to ask' });
  });
});
