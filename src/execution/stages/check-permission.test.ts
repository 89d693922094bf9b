import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CanUseTool } from '../../permissions/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { buildTool } from '../../tool/build-tool.ts';
import type { ToolCallState } from '../types.ts';
import { checkPermission } from './check-permission.ts';

// A decision the rules, hooks or the tool make at once is applied at once: no promise (each async layer of the
// permission path cost a call microtask turns it had nothing to wait for). A decision that waits still waits.

const add = buildTool({ name: 'Add', description: 'd', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'passthrough' }), call: () => ({ data: 'added' }) });
const slow = buildTool({ name: 'Slow', description: 'd', inputSchema: z.object({}), checkPermissions: async () => ({ behavior: 'passthrough' }), call: () => ({ data: 'done' }) });
const deny: CanUseTool = () => ({ behavior: 'deny', message: 'no prompt here' });

function stateOf(tool: typeof add, rules: { allow?: string[]; deny?: string[] }): ToolCallState {
  const context = createTestContext({ tools: [add, slow], ...rules });
  return {
    request: { toolUse: { type: 'tool_use', id: 'toolu_1', name: tool.name, input: {} }, assistantMessage: undefined, canUseTool: deny, context },
    startedAt: 0,
    additionalContext: [],
    tool,
    input: {},
  } as unknown as ToolCallState;
}

describe('the permission stage', () => {
  it('applies an allow or a deny by rule without a promise', () => {
    const allowed = stateOf(add, { allow: ['Add'] });
    expect(checkPermission(allowed)).toBeUndefined();
    expect(allowed.decision).toMatchObject({ behavior: 'allow', rule: 'Add' });
    const denied = stateOf(add, { deny: ['Add'] });
    expect(checkPermission(denied)).toMatchObject({ status: 'denied' });
    expect(denied.decision).toMatchObject({ behavior: 'deny', rule: 'Add' });
  });

  it('waits for a tool whose own check answers with a promise, and for the prompt', async () => {
    const waiting = stateOf(slow, { allow: ['Slow'] });
    const outcome = checkPermission(waiting);
    expect(outcome).toBeInstanceOf(Promise);
    expect(await outcome).toBeUndefined();
    expect(waiting.decision).toMatchObject({ behavior: 'allow', rule: 'Slow' });
    const asked = stateOf(add, {});
    expect(await checkPermission(asked)).toMatchObject({ status: 'denied' });
    expect(asked.decision).toMatchObject({ behavior: 'deny' });
  });
});
