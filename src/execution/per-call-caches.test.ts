import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineHook } from '../hooks/define-hook.ts';
import { addRulesToContext, createPermissionContext } from '../permissions/create-permission-context.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { runTool } from '../testing/run-tool.ts';
import { buildTool } from '../tool/build-tool.ts';

// Rule lists are classified once per (permission context, tool name), the working directories built once per
// permission context, and hook stages skipped when no hook takes the tool: a replaced context or hook list,
// or another tool, must be seen at once.

/** Allowed only by an allow rule (its own check passes the decision on). */
const add = buildTool({ name: 'Add', description: 'd', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'passthrough' }), call: () => ({ data: 'added' }) });
const sub = buildTool({ name: 'Sub', description: 'd', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'passthrough' }), call: () => ({ data: 'subtracted' }) });
/** Reads the file it is given: outside the working directories it asks (and the test prompt denies). */
const read = buildTool({
  name: 'Peek',
  description: 'd',
  inputSchema: z.object({ file: z.string() }),
  isReadOnly: () => true,
  getPermissionTargets: ({ file }) => [{ kind: 'path', path: file, access: 'read' }],
  call: () => ({ data: 'read' }),
});
const tools = [add, sub, read];

describe('caches of the per-call path', () => {
  it('sees a permission context that replaced the one a call was decided with', async () => {
    const context = createTestContext({ tools, allow: ['Add', 'Sub'] });
    expect((await runTool({ name: 'Add', context })).result.status).toBe('ok');
    context.permissionContext = addRulesToContext({ context: context.permissionContext, behavior: 'deny', source: 'session', rules: ['Add'] });
    const denied = (await runTool({ name: 'Add', context })).result;
    expect(denied.status).toBe('denied');
    expect(denied.decision?.rule).toBe('Add');
    context.permissionContext = createPermissionContext({ allow: { session: ['Add'] } });
    expect((await runTool({ name: 'Add', context })).result.status).toBe('ok');
    context.permissionContext = createPermissionContext({});
    expect((await runTool({ name: 'Add', context })).result.status).toBe('denied');
  });

  it('classifies the same rule lists for each tool on its own', async () => {
    const context = createTestContext({ tools, allow: ['Add', 'Sub'], deny: ['Sub'] });
    expect((await runTool({ name: 'Add', context })).result).toMatchObject({ status: 'ok', decision: { rule: 'Add' } });
    expect((await runTool({ name: 'Sub', context })).result).toMatchObject({ status: 'denied', decision: { rule: 'Sub' } });
    expect((await runTool({ name: 'Add', context })).result).toMatchObject({ status: 'ok', decision: { rule: 'Add' } });
    const asking = createTestContext({ tools, allow: ['Add', 'Sub'], ask: ['Add'] });
    expect((await runTool({ name: 'Sub', context: asking })).result.status).toBe('ok');
    expect((await runTool({ name: 'Add', context: asking })).result).toMatchObject({ status: 'denied', decision: { rule: 'Add', source: 'user_reject' } });
  });

  it('sees working directories added by a new permission context, and a new cwd', async () => {
    const outside = path.join(os.tmpdir(), 'codev-per-call-caches-outside');
    const file = path.join(outside, 'notes.txt');
    const context = createTestContext({ tools });
    expect((await runTool({ name: 'Peek', input: { file }, context })).result.status).toBe('denied');
    context.permissionContext = createPermissionContext({ additionalWorkingDirectories: [outside] });
    expect((await runTool({ name: 'Peek', input: { file }, context })).result.status).toBe('ok');
    context.permissionContext = createPermissionContext({});
    expect((await runTool({ name: 'Peek', input: { file }, context })).result.status).toBe('denied');
    const permissionContext = context.permissionContext;
    context.cwd = outside;
    expect(context.permissionContext).toBe(permissionContext);
    expect((await runTool({ name: 'Peek', input: { file }, context })).result.status).toBe('ok');
  });

  it('runs hooks of a hook list that replaced the last one, and only those whose matcher takes the tool', async () => {
    const seen: string[] = [];
    const context = createTestContext({ tools, allow: ['Add', 'Sub'] });
    expect((await runTool({ name: 'Add', context })).progress).toEqual([]);
    context.hooks = [
      defineHook({ event: 'PreToolUse', matcher: 'Sub', handler: () => void seen.push('pre Sub') }),
      defineHook({ event: 'PreToolUse', matcher: 'Add', handler: (input) => void seen.push(`pre ${input.toolName}`) }),
      defineHook({ event: 'PostToolUse', matcher: 'Add', handler: (input) => void seen.push(`post ${String(input.toolResponse)}`) }),
    ];
    const { progress } = await runTool({ name: 'Add', context });
    expect(seen).toEqual(['pre Add', 'post added']);
    expect(progress.map((update) => [update.progress.type === 'hook_progress' && update.progress.hookName, update.progress.type === 'hook_progress' && update.progress.status])).toEqual([
      ['PreToolUse(Add)', 'started'],
      ['PreToolUse(Add)', 'completed'],
      ['PostToolUse(Add)', 'started'],
      ['PostToolUse(Add)', 'completed'],
    ]);
    context.hooks = [defineHook({ event: 'PreToolUse', matcher: 'Add', handler: () => ({ decision: 'deny', reason: 'not today' }) })];
    expect((await runTool({ name: 'Add', context })).result).toMatchObject({ status: 'denied', decision: { source: 'hook' } });
    context.hooks = [];
    expect((await runTool({ name: 'Add', context })).result.status).toBe('ok');
  });
});
