import { expect, it } from 'vitest';
import { defineHook } from '../hooks/define-hook.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { runTool } from '../testing/run-tool.ts';
import { ranCommands, testShell, testWrite } from './test-fixtures/permission-tools.ts';

// A PermissionRequest hook that fails has no say, and the prompt goes on to canUseTool: one whose answer
// throws while it is read (a getter, a Proxy trap) has failed too, and must not turn the call into an error.
const answers: Array<[string, () => unknown]> = [
  ['a decision getter that throws', () => Object.defineProperty({}, 'decision', { enumerable: true, get() { throw new Error('getter failed'); } })],
  ['a behavior getter that throws', () => ({ decision: Object.defineProperty({}, 'behavior', { enumerable: true, get() { throw new Error('getter failed'); } }) })],
  ['a Proxy whose traps throw', () => ({ decision: new Proxy({}, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); } }) })],
];

for (const [label, answer] of answers) {
  it(`a PermissionRequest hook answering ${label} has no say: the prompt goes to canUseTool`, async () => {
    ranCommands.length = 0;
    const asked: string[] = [];
    const hooks = [defineHook({ event: 'PermissionRequest', name: 'approver', handler: answer as never })];
    const context = createTestContext({ tools: [testShell, testWrite], hooks });
    const { result } = await runTool({ name: 'Bash', input: { command: 'make lint' }, context, canUseTool: (tool) => (asked.push(tool.name), { behavior: 'allow' }) });
    expect(asked).toEqual(['Bash']);
    expect(result.status).toBe('ok');
    expect(ranCommands).toEqual(['make lint']);
  });
}
