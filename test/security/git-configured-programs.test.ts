import { describe, expect, it } from 'vitest';
import { cleanUp, exists, runAttack, type Attack, type AttackRun } from './run-attack.ts';

/**
 * Issue 29 (classes 5 and 9): a reading git command in a repository whose own configuration names a
 * program (a textconv driver, an external diff, directly or through include.path) runs that program, so it
 * is not read-only: with no rule it must not run on its own. Judged by the effect: the program made PWNED.
 * With `--no-textconv --no-ext-diff`, and in a repository that configures no program, reading stays allowed.
 */
interface Case extends Attack {
  name: string;
}

const TEXTCONV = '[diff "x"]\n\ttextconv = touch PWNED && cat\n';
const EXTERNAL = '[diff]\n\texternal = touch PWNED && true\n';
const ATTRIBUTES = '*.txt diff=x\n';
const pwned = (run: AttackRun) => exists(run, 'PWNED');

const ATTACKS: Case[] = [
  ...['git show HEAD', 'git log -p', 'git log -p -1 -- a.txt', 'git blame a.txt', 'git diff --no-index --no-ext-diff a.txt b.txt', 'git -C . show HEAD'].map(
    (input): Case => ({ name: `textconv: ${input}`, git: true, files: { '.git/config': TEXTCONV, '.gitattributes': ATTRIBUTES, 'a.txt': 'one\n', 'b.txt': 'two\n' }, input }),
  ),
  { name: 'textconv set through include.path', git: true, files: { '.git/config': '[include]\n\tpath = ../extra.gitconfig\n', 'extra.gitconfig': TEXTCONV, '.gitattributes': ATTRIBUTES, 'a.txt': 'one\n' }, input: 'git show HEAD' },
  { name: 'external diff: git diff', git: true, files: { '.git/config': EXTERNAL, 'a.txt': 'one\n', 'b.txt': 'two\n' }, input: 'git diff --no-index a.txt b.txt' },
  { name: 'external diff with --no-textconv alone', git: true, files: { '.git/config': EXTERNAL, 'a.txt': 'one\n', 'b.txt': 'two\n' }, input: 'git diff --no-index --no-textconv a.txt b.txt' },
];

describe('git read commands that run a configured program are not read-only', () => {
  it.each(ATTACKS.flatMap((entry) => [[`${entry.name} (sandbox)`, entry] as const, [`${entry.name} (no sandbox)`, { ...entry, sandbox: false }] as const]))('%s', async (_name, entry) => {
    const run = await runAttack(entry);
    try {
      expect(pwned(run), `${run.output.decision?.behavior ?? 'no decision'}: ${run.text.slice(0, 300)}`).toBe(false);
    } finally {
      cleanUp(run);
    }
  });

  it.each([
    ['git show --no-textconv --no-ext-diff HEAD', { '.git/config': TEXTCONV, '.gitattributes': ATTRIBUTES, 'a.txt': 'one-5d1c\n' }],
    ['git show HEAD', { 'a.txt': 'one-5d1c\n' }],
    ['git log -p', { 'a.txt': 'one-5d1c\n' }],
  ] as const)('still reads: %s', async (input, files) => {
    const run = await runAttack({ git: true, files, input, sandbox: false });
    try {
      expect(run.output.decision?.behavior, run.text.slice(0, 300)).toBe('allow');
      expect(run.text).toContain('one-5d1c');
      expect(pwned(run)).toBe(false);
    } finally {
      cleanUp(run);
    }
  });
});
