import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { createScriptProject, json } from '../../src/hooks/command/test-fixtures/command-hooks.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';
import { runPreRewindHooks } from '../../src/hooks/run-rewind-hooks.ts';
import type { ToolHook } from '../../src/hooks/types.ts';

// A PreRewind hook is a guard over the user's files (a rewind overwrites and deletes them): as for PreToolUse
// since issue 32, a guard that cannot answer (it threw, it timed out) or whose answer codev cannot read has
// not said "go ahead". Read as "no opinion", `return 'block'`, `{ block: 'yes' }` or `{ decision: 'block' }`
// let the rewind overwrite the files the hook meant to protect.
const { root, script, hook } = createScriptProject();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const base = { cwd: root, permissionMode: 'default' as const, signal: new AbortController().signal, sessionId: 'rewound-1', turn: 2, files: true, conversation: true, changes: ['a.txt'] };
const run = (hooks: ToolHook[]) => runPreRewindHooks({ ...base, hooks });

const unreadable: Array<[string, unknown]> = [
  ['the bare string block', 'block'],
  ['true', true],
  ['a number', 0 + 1],
  ["block 'true'", { block: 'true' }],
  ['block 1', { block: 1 }],
  ["decision 'block' (the command hooks' JSON name)", { decision: 'block', reason: 'no' }],
  ['a misspelt key', { blocked: true }],
  ['a reason that is no string', { block: true, reason: ['no'] }],
  ['an array', [{ block: true }]],
  ['a Map', new Map([['block', true]])],
];

for (const [label, answer] of unreadable) {
  it(`a PreRewind hook answering ${label} refuses the rewind`, async () => {
    const result = await run([defineHook({ event: 'PreRewind', name: 'guard', handler: (() => answer) as never })]);
    expect(result.blocked).toEqual(expect.stringContaining('guard'));
  });
}

for (const answer of [undefined, null, {}, { block: false }, { reason: 'fine' }]) {
  it(`a PreRewind hook answering ${JSON.stringify(answer)} has no opinion: the rewind goes on`, async () => {
    expect((await run([defineHook({ event: 'PreRewind', name: 'quiet', handler: (() => answer) as never })])).blocked).toBeUndefined();
  });
}

it('a PreRewind hook that throws, or does not answer in time, refuses the rewind', async () => {
  const thrown = await run([defineHook({ event: 'PreRewind', name: 'broken', handler: () => { throw new Error('cannot reach the review service'); } })]);
  expect(thrown.blocked).toEqual(expect.stringContaining('broken'));
  const hung = await run([defineHook({ event: 'PreRewind', name: 'slow', timeout: 50, handler: () => new Promise<never>(() => {}) })]);
  expect(hung.blocked).toEqual(expect.stringContaining('slow'));
});

it('a PreRewind command hook whose JSON decision codev does not know refuses the rewind; its exit codes are read as Claude Code reads them', async () => {
  for (const output of [{ decision: 'deny', reason: 'no' }, { decision: 'Block' }, { decision: true }]) {
    expect((await run([hook({ event: 'PreRewind', name: 'odd', command: json(output) })])).blocked, JSON.stringify(output)).toBeDefined();
  }
  expect((await run([hook({ event: 'PreRewind', command: json({ decision: 'approve' }) })])).blocked).toBeUndefined();
  expect((await run([hook({ event: 'PreRewind', command: script('two.sh', 'echo "under review" >&2; exit 2') })])).blocked).toBe('under review');
  // Any other failing exit is reported and does not block, as for every command hook (unless onFailure: block).
  expect((await run([hook({ event: 'PreRewind', command: script('one.sh', 'exit 1') })])).blocked).toBeUndefined();
  expect((await run([hook({ event: 'PreRewind', onFailure: 'block', command: script('one-blocking.sh', 'exit 1') })])).blocked).toBeDefined();
});
