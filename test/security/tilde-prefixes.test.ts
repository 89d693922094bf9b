import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, runAttack, type Attack, type AttackRun } from './run-attack.ts';

/**
 * Bash expands `~+` to $PWD, `~-` to $OLDPWD and `~N`, `~+N`, `~-N` to the directory stack, at the start of a
 * word and after the `=` of a word like `if=…`. The analysis read them as a folder literally named `~+`, so
 * `cat ~+/config/.env` reached the file `Read(config/.env)` denies under a name no rule matched, and
 * `echo … >> ~+/locked.txt` the one an Edit deny rule covers. They are places only the run knows now, which
 * ask. Sandbox off (the sandbox hides and locks the files by what they are); judged by effect.
 */
interface Case extends Attack {
  name: string;
  worked: (run: AttackRun) => boolean;
}

const SECRET = 'sk-live-4f9a';
const printed = (run: AttackRun) => run.text.includes(SECRET);
const ALLOWED = ['Bash(cat:*)', 'Bash(echo:*)', 'Bash(dd:*)', 'Bash(pushd:*)'];
const IN_CONFIG = { deny: ['Read(config/.env)'], files: { 'config/.env': `TOKEN=${SECRET}\n` }, sandbox: false, mode: 'acceptEdits', allow: ALLOWED };
const LOCKED = { deny: ['Edit(locked.txt)'], files: { 'locked.txt': 'original\n' }, sandbox: false, mode: 'acceptEdits', allow: ALLOWED };
const lockedChanged = (run: AttackRun) => readFileSync(path.join(run.project.root, 'locked.txt'), 'utf8') !== 'original\n';

const CASES: Case[] = [
  { name: 'cat ~+/config/.env', ...IN_CONFIG, input: 'cat ~+/config/.env', worked: printed },
  { name: 'cd ~+/config && cat .env', ...IN_CONFIG, input: 'cd ~+/config && cat .env', worked: printed },
  { name: 'cd config; cd ..; cat ~-/.env', ...IN_CONFIG, input: 'cd config && cd .. && cat ~-/.env', worked: printed },
  { name: 'pushd config; pushd ..; cat ~+1/.env', ...IN_CONFIG, input: 'pushd config >/dev/null && pushd .. >/dev/null && cat ~+1/.env', worked: printed },
  { name: 'dd if=~+/config/.env', ...IN_CONFIG, input: 'dd if=~+/config/.env status=none', worked: printed },
  { name: 'echo >> ~+/locked.txt', ...LOCKED, input: 'echo pwned >> ~+/locked.txt', worked: lockedChanged },
  {
    name: 'echo >> ~+/.git/hooks/pre-commit',
    git: true,
    files: { 'a.txt': 'a\n' },
    setup: ({ root }) => writeFileSync(path.join(root, '.git/hooks/pre-commit'), '#!/bin/sh\n'),
    sandbox: false,
    mode: 'acceptEdits',
    allow: ALLOWED,
    input: "echo 'touch PWNED' >> ~+/.git/hooks/pre-commit",
    worked: (run) => readFileSync(path.join(run.project.root, '.git/hooks/pre-commit'), 'utf8').includes('PWNED'),
  },
];

const runs: AttackRun[] = [];
afterAll(() => runs.forEach(cleanUp));

describe('tilde prefixes ~+, ~- and ~N are places only the run knows', () => {
  for (const attack of CASES) {
    it(attack.name, async () => {
      const run = await runAttack(attack);
      runs.push(run);
      expect(attack.worked(run), run.text).toBe(false);
    });
  }

  it('a file named as ~/ and a quoted ~ word are read as before', async () => {
    const run = await runAttack({ files: { '~+x': 'tilde file\n' }, sandbox: false, mode: 'acceptEdits', allow: ['Bash(cat:*)'], input: "cat ./~+x && cat '{{project}}/~+x'" });
    runs.push(run);
    expect(run.text).toContain('tilde file');
  });
});
