import { linkSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { expectEffectOnlyWhenBenign, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Hard links (issue 29, class 3): a name made beforehand for the inode of `.env` (which a Read deny rule
 * covers) or of `.git/hooks/pre-commit` (a protected file) is read or appended through. Each attack runs end to
 * end through `codev tool` in a fresh project and is judged by its effect: the secret printed, the hook changed.
 */
type Case = JudgedAttack;

const SECRET = 'sk-live-4f9a';
const HOOK = '#!/bin/sh\nexit 0\n';
const printed = (run: AttackRun) => run.text.includes(SECRET);
const hookChanged = (run: AttackRun) => readFileSync(path.join(run.project.root, '.git/hooks/pre-commit'), 'utf8') !== HOOK;
/** `.env` holds the secret and `notes.txt` is another name of it; `Read(.env)` is denied. */
const ENV_LINKED = {
  deny: ['Read(.env)'],
  files: { '.env': `TOKEN=${SECRET}\n`, 'f.txt': 'line\n' },
  setup: ({ root }: { root: string }) => linkSync(path.join(root, '.env'), path.join(root, 'notes.txt')),
};
/** `.git/hooks/pre-commit` exists and `notes.sh` is another name of it. */
const HOOK_LINKED = {
  git: true,
  files: { 'README.md': 'hi\n' },
  setup: ({ root }: { root: string }) => {
    const hook = path.join(root, '.git/hooks/pre-commit');
    writeFileSync(hook, HOOK);
    linkSync(hook, path.join(root, 'notes.sh'));
  },
};

const CASES: Case[] = [
  { name: 'Read prints .env through another name', tool: 'Read', ...ENV_LINKED, input: { file_path: '{{project}}/notes.txt' }, worked: printed },
  { name: 'Grep prints .env through another name', tool: 'Grep', ...ENV_LINKED, input: { pattern: 'TOKEN', output_mode: 'content' }, worked: printed },
  { name: 'cat prints .env through another name (sandbox off)', ...ENV_LINKED, allow: ['Bash(cat:*)'], sandbox: false, input: 'cat notes.txt', worked: printed },
  { name: 'cat prints .env through another name (sandbox on)', ...ENV_LINKED, needsSandbox: true, input: 'cat notes.txt', worked: printed },
  { name: 'python prints .env through another name (sandbox on)', ...ENV_LINKED, mode: 'bypassPermissions', needsSandbox: true, input: `python3 -c "print(open('notes.txt').read())"`, worked: printed },
  { name: 'appends to a git hook through another name (sandbox on)', ...HOOK_LINKED, mode: 'acceptEdits', needsSandbox: true, input: "echo 'touch PWNED' >> notes.sh", worked: hookChanged },
  { name: 'appends to a git hook through another name (sandbox off)', ...HOOK_LINKED, mode: 'acceptEdits', allow: ['Bash(echo:*)'], sandbox: false, input: "echo 'touch PWNED' >> notes.sh", worked: hookChanged },
  { name: 'python appends to a git hook through another name (sandbox on)', ...HOOK_LINKED, mode: 'bypassPermissions', needsSandbox: true, input: `python3 -c "open('notes.sh', 'a').write('touch PWNED')"`, worked: hookChanged },
  // Benign: files with several names that no rule or protection covers stay usable.
  {
    name: 'reads and appends to a file with two names that nothing protects',
    benign: true,
    mode: 'acceptEdits',
    files: { 'a.txt': 'alpha\n' },
    setup: ({ root }) => linkSync(path.join(root, 'a.txt'), path.join(root, 'b.txt')),
    input: 'echo beta >> b.txt && cat a.txt',
    worked: (run) => run.text.includes('beta') && !run.output.is_error,
  },
  {
    name: 'appends to a file with two names in a git project whose hook has two names too',
    benign: true,
    mode: 'acceptEdits',
    ...HOOK_LINKED,
    setup: (folders) => {
      HOOK_LINKED.setup(folders);
      writeFileSync(path.join(folders.root, 'a.txt'), 'alpha\n');
      linkSync(path.join(folders.root, 'a.txt'), path.join(folders.root, 'b.txt'));
    },
    input: 'echo beta >> b.txt && cat a.txt',
    worked: (run) => run.text.includes('beta') && !run.output.is_error,
  },
  {
    name: 'Read of a file with two names that no rule covers',
    benign: true,
    tool: 'Read',
    deny: ['Read(.env)'],
    files: { '.env': `TOKEN=${SECRET}\n`, 'a.txt': 'alpha\n' },
    setup: ({ root }) => linkSync(path.join(root, 'a.txt'), path.join(root, 'b.txt')),
    input: { file_path: '{{project}}/b.txt' },
    worked: (run) => run.text.includes('alpha'),
  },
];

const sandbox = await isSandboxAvailable();
describe('hard links: another name of a denied or protected file is that file', () => {
  for (const attack of CASES) {
    it.skipIf(attack.needsSandbox && !sandbox)(attack.name, () => expectEffectOnlyWhenBenign(attack));
  }
});
