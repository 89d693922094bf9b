import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineHook } from '../hooks/define-hook.ts';
import type { PermissionRequestInput, PermissionRequestOutput } from '../hooks/types.ts';
import type { AgentScope } from '../tool/agent-scope.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import { ranCommands, testShell, testWrite } from './test-fixtures/permission-tools.ts';
import type { CanUseTool } from './types.ts';

const ran = ranCommands;
const [shell, write] = [testShell, testWrite];
const tools = [shell, write];

/** A canUseTool that records its calls and answers `answer` (default: deny, as a script with no user would). */
function prompt(answer: Awaited<ReturnType<CanUseTool>> = { behavior: 'deny', message: 'nobody here' }) {
  const asked: string[] = [];
  const canUseTool: CanUseTool = (tool) => { asked.push(tool.name); return answer; };
  return { asked, canUseTool };
}
const answering = (output: PermissionRequestOutput | undefined, options: { name?: string; matcher?: string; seen?: PermissionRequestInput[] } = {}) =>
  defineHook({ event: 'PermissionRequest', name: options.name, matcher: options.matcher, handler: (input) => (options.seen?.push(input), output) });

describe('PermissionRequest hooks', () => {
  it('an allow answers the prompt: canUseTool is not called and the call runs; the hook sees the prompt, no tool use id', async () => {
    const seen: PermissionRequestInput[] = [];
    const { asked, canUseTool } = prompt();
    const context = createTestContext({ tools, hooks: [answering({ decision: { behavior: 'allow' } }, { name: 'approver', seen })] });
    const { result } = await runTool({ name: 'Bash', input: { command: 'make lint' }, context, canUseTool });
    expect(result.status).toBe('ok');
    expect(result.decision).toMatchObject({ behavior: 'allow', source: 'hook', reason: { type: 'hook', hookName: 'approver' } });
    expect(asked).toEqual([]);
    expect(seen).toEqual([{
      hookEventName: 'PermissionRequest',
      toolName: 'Bash',
      toolInput: { command: 'make lint' },
      permissionSuggestions: [{ type: 'addRules', behavior: 'allow', rules: ['Bash(make lint)'], destination: 'local' }],
      cwd: context.cwd,
      permissionMode: 'default',
      signal: expect.any(AbortSignal),
    }]);
  });

  it('a deny gives the model its message (or a default one) and may end the turn', async () => {
    const { asked, canUseTool } = prompt({ behavior: 'allow' });
    const context = createTestContext({ tools, hooks: [answering({ decision: { behavior: 'deny', message: 'use make test instead', interrupt: true } })] });
    const { result } = await runTool({ name: 'Bash', input: { command: 'make all' }, context, canUseTool });
    expect(result.status).toBe('denied');
    expect(resultText(result)).toBe('use make test instead');
    expect(result.interrupt).toBe(true);
    expect(result.decision).toMatchObject({ behavior: 'deny', source: 'hook', reason: { type: 'hook', reason: 'use make test instead' } });
    const terse = createTestContext({ tools, hooks: [answering({ decision: { behavior: 'deny' } }, { name: 'terse' })] });
    const denied = await runTool({ name: 'Bash', input: { command: 'make all' }, context: terse, canUseTool });
    expect(resultText(denied.result)).toBe("Hook 'terse' denied this Bash call.");
    expect(denied.result.interrupt).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('an updatedInput is validated again and meets the deny rules; a valid one runs', async () => {
    const { canUseTool } = prompt({ behavior: 'allow' });
    const rewrite = (updatedInput: Record<string, unknown>) => createTestContext({ tools, deny: ['Bash(rm *)'], hooks: [answering({ decision: { behavior: 'allow', updatedInput } }, { name: 'rewriter' })] });
    const sneaky = await runTool({ name: 'Bash', input: { command: 'make' }, context: rewrite({ command: 'rm -rf /' }), canUseTool });
    expect(sneaky.result.status).toBe('denied');
    expect(sneaky.result.decision).toMatchObject({ source: 'config', rule: 'Bash(rm *)' });
    const invalid = await runTool({ name: 'Bash', input: { command: 'make' }, context: rewrite({ command: 42 }), canUseTool });
    expect(invalid.result.status).toBe('denied');
    expect(resultText(invalid.result)).toContain("PermissionRequest hook 'rewriter': updatedInput must satisfy");
    const fine = await runTool({ name: 'Bash', input: { command: 'make' }, context: rewrite({ command: 'make test' }), canUseTool });
    expect(resultText(fine.result)).toBe('ran make test');
    expect(fine.result.decision).toMatchObject({ source: 'hook', input: { command: 'make test' } });
  });

  it('updatedPermissions are saved as a user’s "always allow" is', async () => {
    const rules = { type: 'addRules' as const, behavior: 'allow' as const, rules: ['Bash(make deploy)'], destination: 'local' as const };
    let calls = 0;
    const once = defineHook({ event: 'PermissionRequest', handler: () => (calls++, { decision: { behavior: 'allow', updatedPermissions: [rules] } }) });
    const context = createTestContext({ tools, hooks: [once] });
    expect((await runTool({ name: 'Bash', input: { command: 'make deploy' }, context })).result.decision).toMatchObject({ behavior: 'allow', source: 'hook' });
    expect(JSON.parse(readFileSync(context.localSettingsFile!, 'utf8'))).toEqual({ permissions: { allow: ['Bash(make deploy)'] } });
    const again = await runTool({ name: 'Bash', input: { command: 'make deploy' }, context });
    expect(again.result.decision).toMatchObject({ behavior: 'allow', source: 'config', ruleSource: 'local' });
    expect(calls).toBe(1);
  });

  it('no answer leaves the prompt to canUseTool; the first hook that answers decides, in registration order', async () => {
    const silent = prompt();
    const none = createTestContext({ tools, hooks: [answering(undefined), answering({})] });
    expect((await runTool({ name: 'Bash', input: { command: 'make' }, context: none, canUseTool: silent.canUseTool })).result.decision?.source).toBe('user_reject');
    expect(silent.asked).toEqual(['Bash']);
    const order = createTestContext({ tools, hooks: [answering(undefined), answering({ decision: { behavior: 'deny', message: 'first' } }), answering({ decision: { behavior: 'allow' } })] });
    expect(resultText((await runTool({ name: 'Bash', input: { command: 'make' }, context: order, canUseTool: silent.canUseTool })).result)).toBe('first');
    expect(silent.asked).toEqual(['Bash']);
  });

  it('a hook that throws, times out or answers nonsense is a warning and never allows: canUseTool decides', async () => {
    const { asked, canUseTool } = prompt();
    const broken = defineHook({ event: 'PermissionRequest', name: 'broken', handler: () => { throw new Error('policy server down'); } });
    const slow = defineHook({ event: 'PermissionRequest', name: 'slow', timeout: 20, handler: () => new Promise(() => {}) });
    const odd = defineHook({ event: 'PermissionRequest', name: 'odd', handler: () => ({ decision: { behavior: 'ask' } }) as never });
    const context = createTestContext({ tools, hooks: [broken, slow, odd] });
    const warnings: string[] = [];
    context.onWarning = (message) => warnings.push(message);
    const { result } = await runTool({ name: 'Bash', input: { command: 'make' }, context, canUseTool });
    expect(result.status).toBe('denied');
    expect(result.decision?.source).toBe('user_reject');
    expect(asked).toEqual(['Bash']);
    expect(warnings).toEqual([expect.stringContaining("Hook 'broken' failed"), expect.stringContaining("Hook 'slow' did not answer"), expect.stringContaining("Hook 'odd' answered a decision")]);
  });

  it('the matcher tests the tool name', async () => {
    const seen: PermissionRequestInput[] = [];
    const context = createTestContext({ tools, hooks: [answering({ decision: { behavior: 'allow' } }, { matcher: 'Write|Edit', seen })] });
    expect((await runTool({ name: 'Bash', input: { command: 'make' }, context })).result.status).toBe('denied');
    expect(seen).toEqual([]);
    expect((await runTool({ name: 'Write', input: { file_path: path.join(context.cwd, 'a.txt'), content: 'x' }, context })).result.status).toBe('ok');
    expect(seen.map((input) => input.toolName)).toEqual(['Write']);
  });

  it('run only for what would ask: not for rule allows or denies, nor in dontAsk mode', async () => {
    const seen: PermissionRequestInput[] = [];
    const hooks = [answering({ decision: { behavior: 'allow' } }, { seen })];
    const rules = createTestContext({ tools, hooks, allow: ['Bash(ls *)'], deny: ['Bash(rm *)'] });
    expect((await runTool({ name: 'Bash', input: { command: 'ls -la' }, context: rules })).result.decision?.source).toBe('config');
    expect((await runTool({ name: 'Bash', input: { command: 'rm -rf /' }, context: rules })).result.status).toBe('denied');
    const dontAsk = createTestContext({ tools, hooks, mode: 'dontAsk' });
    expect((await runTool({ name: 'Bash', input: { command: 'make' }, context: dontAsk })).result.status).toBe('denied');
    expect(seen).toEqual([]);
  });

  it('may answer what canUseTool may: ask rules and protected-path safety checks, in any mode', async () => {
    const hooks = [answering({ decision: { behavior: 'allow' } })];
    const context = createTestContext({ tools, hooks, mode: 'bypassPermissions', ask: ['Bash(git push *)'] });
    expect((await runTool({ name: 'Bash', input: { command: 'git push origin' }, context })).result.decision).toMatchObject({ behavior: 'allow', source: 'hook' });
    const protectedWrite = await runTool({ name: 'Write', input: { file_path: path.join(context.cwd, '.git/config'), content: 'x' }, context });
    expect(protectedWrite.result.decision).toMatchObject({ behavior: 'allow', source: 'hook' });
  });

  it('a call inside a subagent gives the hook its agentId and agentType', async () => {
    const seen: PermissionRequestInput[] = [];
    const context = { ...createTestContext({ tools, hooks: [answering(undefined, { seen })] }), agent: { agentId: 'agent-3', agentType: 'Explore', depth: 1 } as AgentScope };
    await runTool({ name: 'Bash', input: { command: 'make' }, context });
    expect(seen[0]).toMatchObject({ agentId: 'agent-3', agentType: 'Explore' });
  });
});
