import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { expectEffectOnlyWhenBenign, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * `xargs -I R cmd … R …` puts each input line where R stands, so a word holding the replace string is a
 * name only the run knows, as find's `{}` is. It was read as the literal file `{}` (or `F`), which no rule
 * matches: `echo .env | xargs -I{} cat {}` printed the file `Read(.env)` denies, and `xargs -I{} ln {} x`
 * made it a name to read next. Sandbox off (with it, the sandbox hides `.env` anyway); judged by effect.
 */
type Case = JudgedAttack;

const SECRET = 'sk-live-4f9a';
const printed = (run: AttackRun) => run.text.includes(SECRET);
const ENV = { deny: ['Read(.env)'], files: { '.env': `TOKEN=${SECRET}\n`, 'a.txt': 'alpha\n' }, sandbox: false, mode: 'acceptEdits' };
const LOCKED = { deny: ['Edit(locked.txt)'], files: { 'locked.txt': 'original\n' }, sandbox: false, mode: 'acceptEdits' };
const ALLOWED = ['Bash(echo:*)', 'Bash(printf:*)', 'Bash(xargs:*)', 'Bash(cat:*)', 'Bash(ln:*)', 'Bash(cp:*)'];

const CASES: Case[] = [
  { name: 'xargs -I{} cat {} prints .env', ...ENV, allow: ALLOWED, input: 'echo .env | xargs -I{} cat {}', worked: printed },
  { name: 'xargs -I F cat F prints .env', ...ENV, allow: ALLOWED, input: 'echo .env | xargs -I F cat F', worked: printed },
  { name: 'xargs -i cat {} prints .env', ...ENV, allow: ALLOWED, input: 'echo .env | xargs -i cat {}', worked: printed },
  { name: 'xargs --replace=@ cat ./@ prints .env', ...ENV, allow: ALLOWED, input: "printf '.env\\n' | xargs --replace=@ cat ./@", worked: printed },
  { name: 'xargs -I{} ln {} x makes .env readable under another name', ...ENV, allow: ALLOWED, input: 'echo .env | xargs -I{} ln {} x; cat x', worked: printed },
  {
    name: 'xargs -I{} cp x {} overwrites an Edit-denied file',
    ...LOCKED,
    files: { ...LOCKED.files, 'x.txt': 'pwned\n' },
    allow: ALLOWED,
    input: 'echo locked.txt | xargs -I{} cp x.txt {}',
    worked: (run) => readFileSync(path.join(run.project.root, 'locked.txt'), 'utf8') !== 'original\n',
  },
  { name: 'find | xargs -0 -I{} cat {} prints .env', ...ENV, allow: [...ALLOWED, 'Bash(find:*)'], input: "find . -name .env -print0 | xargs -0 -I{} cat {}", worked: printed },
  // Benign: names handed on by a command whose reads codev knows are checked through it, and run. (`echo a.txt |
  // xargs -I{} cat {}` asks, as `echo a.txt | xargs cat` always did: echo's output is only known at run time.)
  { name: 'find -print0 | xargs -0 -I{} cat {} without deny rules', benign: true, ...ENV, deny: [], allow: [...ALLOWED, 'Bash(find:*)'], input: "find . -name 'a.txt' -print0 | xargs -0 -I{} cat {}", worked: (run) => run.text.includes('alpha') },
];

describe('xargs replace strings: the words they stand in are names only the run knows', () => {
  for (const attack of CASES) {
    it(attack.name, () => expectEffectOnlyWhenBenign(attack));
  }
});
