import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { runTool } from '../../src/testing/run-tool.ts';
import { allow, createScriptProject, json } from '../../src/hooks/command/test-fixtures/command-hooks.ts';

// A command hook (a Claude Code hook script) whose permissionDecision or decision codev does not know
// ("Deny", "block" in the new field, "deny" in the legacy one) was reported and ignored: the call ran.
const { root, script, hook, context } = createScriptProject();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const outputs: Array<[string, Record<string, unknown>]> = [
  ['permissionDecision "Deny"', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'Deny' } }],
  ['permissionDecision "block"', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'block' } }],
  ['permissionDecision true', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: true } }],
  ['legacy decision "deny"', { decision: 'deny', reason: 'no' }],
  ['legacy decision "reject"', { decision: 'reject' }],
];

outputs.forEach(([label, output], index) => {
  it(`a PreToolUse command hook answering ${label} denies the call`, async () => {
    const guard = hook({ event: 'PreToolUse', name: 'guard', command: script(`odd-${index}.sh`, json(output)) });
    const run = await runTool({ name: 'Note', input: { text: 'x' }, context: context([guard]), canUseTool: allow });
    expect(run.result.status).toBe('denied');
  });
});

it('a PreToolUse command hook answering what it may (continue, suppressOutput, systemMessage) has no opinion', async () => {
  const quiet = hook({ event: 'PreToolUse', name: 'quiet', command: script('quiet.sh', json({ continue: true, suppressOutput: true, systemMessage: 'fine' })) });
  const run = await runTool({ name: 'Note', input: { text: 'x' }, context: context([quiet]), canUseTool: allow });
  expect(run.result.status).toBe('ok');
});
