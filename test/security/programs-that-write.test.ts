import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { exists, expectAllowed, expectHeld, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Issue 29, class 9 (writes): programs a prefix rule allows by name that write files by means their words
 * do not show (a sqlite3 dot-command, an ed or vim script, the files a patch names), run outside the sandbox
 * with an Edit deny rule on `locked.txt`. Each attack is judged by its effect: `locked.txt` changed (or the
 * file the attack creates exists). Benign cases must run.
 */
type Case = JudgedAttack;

const ORIGINAL = 'original\n';
const LOCKED = { sandbox: false, deny: ['Edit(locked.txt)'], files: { 'locked.txt': ORIGINAL, 'f.txt': 'line\n' } } as const;
const changed = (run: AttackRun) => !exists(run, 'locked.txt') || readFileSync(path.join(run.project.root, 'locked.txt'), 'utf8') !== ORIGINAL;
/** An archive in the project whose member `x` is a link to `target`. */
const zipWithLink = (target: string) => ({ root }: { root: string }) => execFileSync('sh', ['-c', `ln -s ${target} x && zip -qy a.zip x && rm x`], { cwd: root });
const PATCH = '--- a/locked.txt\n+++ b/locked.txt\n@@ -1 +1 @@\n-original\n+pwned\n';

const ATTACKS: Case[] = [
  { name: "sqlite3 '.output locked.txt'", allow: ['Bash(sqlite3:*)'], input: "sqlite3 :memory: '.output locked.txt' 'select 1;'", worked: changed },
  { name: "sqlite3 '.once locked.txt'", allow: ['Bash(sqlite3:*)'], input: "sqlite3 :memory: '.once locked.txt' 'select 1;'", worked: changed },
  { name: 'sqlite3 reading its commands from a here-string', allow: ['Bash(sqlite3:*)'], input: "sqlite3 :memory: <<< $'.output locked.txt\\nselect 1;'", worked: changed },
  { name: 'ed script in a here-string', allow: ['Bash(ed:*)'], input: "ed -s locked.txt <<< $'a\\nx\\n.\\nw'", worked: changed },
  { name: 'ed script piped in', allow: ['Bash(ed:*)', 'Bash(printf:*)'], input: "printf 'a\\nx\\n.\\nw\\n' | ed -s locked.txt", worked: changed },
  { name: 'ed writing another file', allow: ['Bash(ed:*)'], input: "ed -s f.txt <<< $'w locked.txt'", worked: changed },
  { name: 'patch writing the file its patch names', allow: ['Bash(patch:*)'], files: { ...LOCKED.files, 'x.diff': PATCH }, input: 'patch -p1 < x.diff', worked: changed },
  { name: 'patch -i', allow: ['Bash(patch:*)'], files: { ...LOCKED.files, 'x.diff': PATCH }, input: 'patch -p1 -i x.diff', worked: changed },
  { name: 'git apply', allow: ['Bash(git apply:*)'], git: true, files: { ...LOCKED.files, 'x.diff': PATCH }, input: 'git apply x.diff', worked: changed },
  { name: 'vim -es', allow: ['Bash(vim:*)'], input: "vim -es -c 's/original/pwned/' -c 'wq' locked.txt", worked: changed },
  { name: 'ex', allow: ['Bash(ex:*)'], input: "ex -s -c 's/original/pwned/' -c 'wq' locked.txt", worked: changed },
  { name: 'vim -es writing another file', allow: ['Bash(vim:*)'], input: "vim -es -c 'w! locked.txt' -c 'q!' f.txt", worked: changed },
  { name: 'ed writing a git hook (a protected place), no deny rule', deny: [], allow: ['Bash(ed:*)'], git: true, input: "ed -s .git/hooks/pre-commit <<< $'a\\ntouch PWNED\\n.\\nw'", worked: (run) => exists(run, '.git/hooks/pre-commit') },
  { name: 'vim -es writing the config (a protected place) in bypassPermissions, no deny rule', deny: [], mode: 'bypassPermissions', git: true, input: "vim -es -c 'normal Gofoo' -c 'wq' .git/config", worked: (run) => readFileSync(path.join(run.project.root, '.git/config'), 'utf8').includes('foo') },
  { name: 'unzip extracting a link to a git hook, then a write through it (a protected place), no deny rule', deny: [], mode: 'acceptEdits', allow: ['Bash(unzip:*)', 'Bash(echo:*)'], git: true, setup: zipWithLink('.git/hooks/pre-commit'), input: "unzip -o a.zip && echo 'touch PWNED' >> x", worked: (run) => exists(run, '.git/hooks/pre-commit') },
  { name: 'sort -o', allow: ['Bash(sort:*)'], input: 'sort -o locked.txt f.txt', worked: changed },
  { name: 'python3 with a script file (unknown program allowed by name)', allow: ['Bash(python3:*)'], files: { ...LOCKED.files, 'w.py': "open('locked.txt', 'w').write('pwned')\n" }, input: 'python3 w.py', worked: changed },
  { name: 'a program codev does not know', allow: ['Bash(perl:*)'], files: { ...LOCKED.files, 'w.pl': "open(F, '>', 'locked.txt'); print F 'pwned';\n" }, input: 'perl w.pl', worked: changed },
];

/** Ordinary work with the same rules and programs, which must still run. */
const BENIGN: Case[] = [
  { name: 'sqlite3 query without dot-commands, no Edit deny', sandbox: false, allow: ['Bash(sqlite3:*)'], input: "sqlite3 :memory: 'select 40+2;'", worked: (run) => run.text.includes('42') },
  { name: 'patch without any deny rule', sandbox: false, allow: ['Bash(patch:*)'], files: { 'locked.txt': ORIGINAL, 'x.diff': PATCH }, input: 'patch -p1 < x.diff', worked: changed },
  { name: 'unzip into a folder of its own', sandbox: false, allow: ['Bash(unzip:*)'], files: { 'notes.txt': 'hello\n' }, setup: ({ root }) => execFileSync('zip', ['-q', 'a.zip', 'notes.txt'], { cwd: root }), input: 'unzip a.zip -d out', worked: (run) => exists(run, 'out/notes.txt') },
  { name: 'unzip -l lists an archive without a rule', sandbox: false, files: { 'notes.txt': 'hello\n' }, setup: ({ root }) => execFileSync('zip', ['-q', 'a.zip', 'notes.txt'], { cwd: root }), input: 'unzip -l a.zip', worked: (run) => run.text.includes('notes.txt') },
  { name: 'sort into stdout under the Edit deny', ...LOCKED, allow: ['Bash(sort:*)'], input: 'sort f.txt', worked: (run) => run.text.includes('line') },
];

describe('class 9: programs allowed by name that write by other means (sandbox off)', () => {
  it.each(ATTACKS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld({ ...LOCKED, ...entry }));

  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('still runs: %s', (_name, entry) => expectAllowed(entry));
});
