import { expect, it } from 'vitest';
import { z } from 'zod';
import { runToolUse } from '../../src/execution/run-tool-use.ts';
import type { ToolUseUpdate } from '../../src/execution/types.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import { interpretCommandResult } from '../../src/hooks/command/interpret-command-result.ts';
import { buildTool } from '../../src/tool/build-tool.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';

// An answer is what codev reads of it, once: its own properties, each of the type codev reads. Anything
// else (a rewrite that is not an object, a Map or a class whose getter says deny, a key hidden from for-in,
// a getter that throws or answers differently when read again) is a guard that did not say "go ahead".
let reads = 0;
const answers: Array<[string, () => unknown]> = [
  ['an updatedInput that is a string', () => ({ updatedInput: 'rm -rf /tmp/x' })],
  ['an updatedInput that is an array', () => ({ updatedInput: ['safe'] })],
  ['an updatedInput that is null', () => ({ updatedInput: null })],
  ['additionalContext that is not a string', () => ({ additionalContext: { note: 'x' } })],
  ['a Map holding a decision', () => new Map([['decision', 'deny']])],
  ['a class instance whose getter says permissionDecision deny', () => new (class { get permissionDecision() { return 'deny'; } })()],
  ['a non-enumerable permissionDecision', () => Object.defineProperty({}, 'permissionDecision', { value: 'deny', enumerable: false })],
  ['a symbol key', () => ({ [Symbol.for('decision')]: 'deny' })],
  ['a decision getter that throws', () => Object.defineProperty({}, 'decision', { enumerable: true, get: () => { throw new Error('getter failed'); } })],
  ["a decision getter that says deny, then allow", () => Object.defineProperty({}, 'decision', { enumerable: true, get: () => (reads++ === 0 ? 'deny' : 'allow') })],
  ['a Proxy whose traps throw', () => new Proxy({}, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } })],
];

for (const [label, answer] of answers) {
  it(`a PreToolUse hook answering ${label}: the call is denied, naming the hook`, async () => {
    reads = 0;
    const made: string[] = [];
    const tool = buildTool({ name: 'Wipe', description: 'Wipes a disk', inputSchema: z.object({}).passthrough(), checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }), call: () => (made.push('wiped'), { data: 'wiped' }) });
    const hooks = [defineHook({ event: 'PreToolUse', matcher: 'Wipe', name: 'guard', handler: answer as never })];
    const updates: ToolUseUpdate[] = [];
    for await (const update of runToolUse({ type: 'tool_use', id: 'call-1', name: 'Wipe', input: {} }, undefined, () => Promise.resolve({ behavior: 'allow' }) as never, createTestContext({ tools: [tool], hooks }))) updates.push(update);
    const result = updates.at(-1)!;
    expect(made).toEqual([]);
    expect(result.type === 'result' && result.status).toBe('denied');
    expect(JSON.stringify(result)).toContain('guard');
  });
}

const pre = (output: Record<string, unknown>) => ({ hookEventName: 'PreToolUse', ...output });
const commandAnswer = (json: unknown) => interpretCommandResult({ event: 'PreToolUse', run: { exitCode: 0, stdout: JSON.stringify(json), stderr: '' } as never, onFailure: 'continue', timeoutSeconds: 60 }).answer as { decision?: string } | undefined;

for (const [label, json] of [
  ['hookSpecificOutput.updatedInput that is a string', { hookSpecificOutput: pre({ updatedInput: 'rm -rf /tmp/x' }) }],
  ['hookSpecificOutput that is a string', { hookSpecificOutput: 'deny' }],
  ['hookSpecificOutput of another event', { hookSpecificOutput: { hookEventName: 'PermissionRequest', permissionDecision: 'deny' } }],
] as const) {
  it(`a PreToolUse command hook answering ${label}: the call is denied`, () => {
    expect(commandAnswer(json)?.decision).toBe('deny');
  });
}

it("Claude Code's documented PreToolUse fields do not deny", () => {
  expect(commandAnswer({ continue: true, suppressOutput: true, systemMessage: 'checked', hookSpecificOutput: pre({ additionalContext: 'note', updatedInput: { a: 1 } }) })?.decision).toBeUndefined();
  expect(commandAnswer({ suppressOutput: false, systemMessage: 'checked', hookSpecificOutput: pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok' }) })?.decision).toBe('allow');
  expect(commandAnswer({ hookSpecificOutput: { additionalContext: 'no event name' } })?.decision).toBeUndefined();
});
