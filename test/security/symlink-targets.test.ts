import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { expectEffectOnlyWhenBenign, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * A symbolic link's relative target is read by the kernel from the folder the link is in, not from where
 * `ln -s` ran: `cd a/b/d && ln -s ../../config ../c` makes `a/b/c` lead to `config`, while the analysis
 * read the target from `a/b/d` (`a/config`, nothing there) and let `cat ../c/.env` print what
 * `Read(config/.env)` denies. Sandbox off (in the sandbox the file is hidden by what it is); judged by effect.
 */
type Case = JudgedAttack;

const SECRET = 'sk-live-4f9a';
const printed = (run: AttackRun) => run.text.includes(SECRET);
const ALLOWED = ['Bash(cd:*)', 'Bash(ln:*)', 'Bash(cat:*)', 'Bash(echo:*)'];
const DEEP = { 'a/b/d/x.txt': 'x\n', 'src/a.txt': 'alpha\n' };
const IN_CONFIG = { deny: ['Read(config/.env)'], files: { ...DEEP, 'config/.env': `TOKEN=${SECRET}\n` }, sandbox: false, mode: 'acceptEdits', allow: ALLOWED };
const LOCKED = { deny: ['Edit(src/locked.txt)'], files: { ...DEEP, 'src/locked.txt': 'original\n' }, sandbox: false, mode: 'acceptEdits', allow: ALLOWED };

const CASES: Case[] = [
  { name: 'ln -s a target relative to the link folder, then cat through it', ...IN_CONFIG, input: 'cd a/b/d && ln -s ../../config ../c && cat ../c/.env', worked: printed },
  { name: 'ln -s -t a folder with a relative target, then cat through it', ...IN_CONFIG, input: 'cd a/b/d && ln -s -t .. ../../config && cat ../config/.env', worked: printed },
  { name: 'ln -s into a folder written with a slash, then cat through it', ...IN_CONFIG, input: 'cd a/b/d && ln -s ../../config ../ && cat ../config/.env', worked: printed },
  {
    name: 'ln -s a target relative to the link folder, then append to an Edit-denied file',
    ...LOCKED,
    input: 'cd a/b/d && ln -s ../../src ../s && echo pwned >> ../s/locked.txt',
    worked: (run) => readFileSync(path.join(run.project.root, 'src/locked.txt'), 'utf8') !== 'original\n',
  },
  // Benign: links to folders nothing covers, relative or not, still run.
  { name: 'ln -s a relative target beside the link, then cat through it', benign: true, ...IN_CONFIG, input: 'cd a && ln -s ../src s && cat s/a.txt', worked: (run) => run.text.includes('alpha') },
  { name: 'ln -s a relative target from a deeper folder, then cat through it', benign: true, ...IN_CONFIG, input: 'cd a/b && ln -s ../../src s && cat s/a.txt', worked: (run) => run.text.includes('alpha') },
];

describe('symbolic link targets are read from the folder of the link', () => {
  for (const attack of CASES) {
    it(attack.name, () => expectEffectOnlyWhenBenign(attack));
  }
});
