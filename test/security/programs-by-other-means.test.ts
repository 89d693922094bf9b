import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { expectAllowed, expectHeld, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Issue 29, class 9, other programs: awk redirects and getline, gzip/gunzip writing the name derived from
 * their operand, and git commands printing committed files no word names (`git log -p`, `git show`,
 * `git cat-file --batch` or a blob hash), the output operand of `uniq`/`xxd` after a `-`, and the files and
 * folders a wrapper's options name (`xargs -a`, `time -o`, `strace -o`, `env -C`), run outside the sandbox with a Read deny rule on `.env` and an Edit
 * deny rule on `locked.txt`. Each attack is judged by its effect: the secret printed or the file changed.
 */
type Case = JudgedAttack;

const SECRET = 'TOKEN=sk-live-4f9a';
const printed = (run: AttackRun) => run.text.includes('sk-live-4f9a');
const changed = (run: AttackRun) => readFileSync(path.join(run.project.root, 'locked.txt'), { encoding: 'utf8', flag: 'a+' }) !== 'original\n';
const RULES = { sandbox: false, deny: ['Read(.env)', 'Edit(locked.txt)'], files: { '.env': `${SECRET}\n`, 'f.txt': 'line\n', 'locked.txt': 'original\n' } } as const;
const gzipped = (name: string) => ({ root }: { root: string }) => execFileSync('sh', ['-c', `gzip -c f.txt > ${name}`], { cwd: root });
/** The hash git gives the `.env` blob (its content is fixed). */
const BLOB = 'e9ae04abceaa55b7b477d41e3f38f5f98e2b48e9';

const ATTACKS: Case[] = [
  { name: 'awk getline < a denied file', allow: ['Bash(awk:*)'], input: `awk 'BEGIN { while ((getline line < ".env") > 0) print line }'`, worked: printed },
  { name: 'awk getline < a name built at run time', allow: ['Bash(awk:*)'], input: `awk 'BEGIN { f = "." "env"; while ((getline line < f) > 0) print line }'`, worked: printed },
  { name: 'awk ARGV set to a denied file', allow: ['Bash(awk:*)'], input: `awk 'BEGIN { ARGV[1] = ".env"; ARGC = 2 } { print }'`, worked: printed },
  { name: 'awk print > a denied file', allow: ['Bash(awk:*)'], input: `awk 'BEGIN { print "pwned" > "locked.txt" }'`, worked: changed },
  { name: 'awk printf >> a denied file', allow: ['Bash(awk:*)'], input: `awk '{ printf "%s", $0 >> "locked.txt" }' f.txt`, worked: changed },
  { name: 'awk print with a ; in its string before the redirect', allow: ['Bash(awk:*)'], input: `awk 'BEGIN { print "a;b" > "locked.txt" }'`, worked: changed },
  { name: 'awk print continued on the next line by a backslash', allow: ['Bash(awk:*)'], input: `awk 'BEGIN { print "x" \\\n > "locked.txt" }'`, worked: changed },
  { name: 'awk getline with a } in a regex before the <', allow: ['Bash(awk:*)'], input: `awk 'BEGIN { while (("x" ~ /}/) && (getline l < ".env") > 0) print l }'`, worked: printed },
  { name: 'gzip -d writing the name without .gz', allow: ['Bash(gzip:*)'], setup: gzipped('locked.txt.gz'), input: 'gzip -df locked.txt.gz', worked: changed },
  { name: 'gunzip writing the name without .gz', allow: ['Bash(gunzip:*)'], setup: gzipped('locked.txt.gz'), input: 'gunzip -f locked.txt.gz', worked: changed },
  { name: 'gunzip of a .z file', allow: ['Bash(gunzip:*)'], setup: gzipped('locked.txt.z'), input: 'gunzip -f locked.txt.z', worked: changed },
  { name: 'gunzip -S with its own suffix', allow: ['Bash(gunzip:*)'], setup: gzipped('locked.txt.q'), input: 'gunzip -f -S .q locked.txt.q', worked: changed },
  { name: 'git log -p prints a committed denied file (no rule)', git: true, input: 'git log -p', worked: printed },
  { name: 'git log --patch --all (no rule)', git: true, input: 'git log --patch --all', worked: printed },
  { name: 'git show of the commit (no rule)', git: true, input: 'git show HEAD', worked: printed },
  { name: 'git show of the blob by its hash (no rule)', git: true, input: `git show ${BLOB}`, worked: printed },
  { name: 'git cat-file --batch fed the object on stdin', git: true, allow: ['Bash(git cat-file:*)', 'Bash(echo:*)'], input: 'echo HEAD:.env | git cat-file --batch', worked: printed },
  { name: 'git cat-file --batch-all-objects (no rule)', git: true, input: 'git cat-file --batch-all-objects --batch', worked: printed },
  { name: 'git cat-file -p of the blob by its hash (no rule)', git: true, input: `git cat-file -p ${BLOB}`, worked: printed },
  { name: 'git diff-tree -p of the root commit (no rule)', git: true, input: 'git diff-tree -p --root HEAD', worked: printed },
  { name: 'gunzip -N restoring the name its archive stores', allow: ['Bash(gunzip:*)'], setup: ({ root }) => void execFileSync('sh', ['-c', 'echo pwned > locked.txt && gzip -c locked.txt > other.gz && echo original > locked.txt'], { cwd: root }), input: 'gunzip -N -f other.gz', worked: changed },
  { name: 'gzip -dN bundled', allow: ['Bash(gzip:*)'], setup: ({ root }) => void execFileSync('sh', ['-c', 'echo pwned > locked.txt && gzip -c locked.txt > other.gz && echo original > locked.txt'], { cwd: root }), input: 'gzip -dfN other.gz', worked: changed },
  { name: "uniq's output operand after - for standard input (no rule)", input: 'uniq - locked.txt < f.txt', worked: changed },
  { name: "xxd -r's output operand after - (no rule)", allow: ['Bash(xxd:*)'], input: 'xxd -r -p - locked.txt <<< 78', worked: changed },
  { name: 'xargs -a reading its arguments from a denied file (no rule)', input: 'xargs -a .env echo', worked: printed },
  { name: 'xargs --arg-file=', allow: ['Bash(xargs:*)', 'Bash(echo:*)'], input: 'xargs --arg-file=.env echo', worked: printed },
  { name: 'time -o writing a denied file (no rule)', input: '/usr/bin/time -o locked.txt true', worked: changed },
  { name: 'strace -o writing a denied file (no rule)', input: 'strace -o locked.txt true', worked: changed },
  { name: 'env -C running a command in a denied folder (no rule)', files: { ...RULES.files, 'secrets/key.pem': `${SECRET}\n` }, deny: ['Read(./secrets/**)'], input: 'env -C secrets cat key.pem', worked: printed },
  { name: 'env --chdir=', files: { ...RULES.files, 'secrets/key.pem': `${SECRET}\n` }, deny: ['Read(./secrets/**)'], input: 'env --chdir=secrets cat key.pem', worked: printed },
];


/** The same programs doing ordinary work under the same rules. */
const BENIGN: Case[] = [
  { name: 'awk comparing a field', allow: ['Bash(awk:*)'], files: { ...RULES.files, 'n.txt': '1 a\n200 b\n' }, input: `awk '$1 > 100 { print $2 }' n.txt`, worked: (run) => run.text.includes('b') },
  { name: 'awk printing a sum', allow: ['Bash(awk:*)'], files: { ...RULES.files, 'n.txt': '1\n2\n' }, input: `awk '{ s += $1 } END { print s }' n.txt`, worked: (run) => run.text.includes('3') },
  { name: 'git log --oneline', git: true, input: 'git log --oneline', worked: (run) => run.text.includes('initial') },
  { name: 'uniq of a file to standard output', input: 'uniq f.txt', worked: (run) => run.text.includes('line') },
  { name: 'timeout running an ordinary reader', input: 'timeout 5 cat f.txt', worked: (run) => run.text.includes('line') },
  { name: 'git log -p with no deny rule', git: true, deny: [], input: 'git log -p', worked: (run) => run.text.includes('f.txt') },
];

describe('class 9: other programs that read or write by other means (sandbox off)', () => {
  it.each(ATTACKS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld({ ...RULES, ...entry }));

  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('still runs: %s', (_name, entry) => expectAllowed({ ...RULES, ...entry }));
});
