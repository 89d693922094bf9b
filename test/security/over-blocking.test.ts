import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { exists, expectAllowed, expectHeld, type Attack, type AttackRun } from './run-attack.ts';

/**
 * Issue 29, "Over-blocking": ordinary commands that were refused. A listing of an archive only reads; `set`
 * and `shopt` options that only set shell state are no-ops for the rules; a process substitution whose
 * commands are themselves allowed is allowed (its reads still meet the Read rules). Each case runs in
 * dontAsk (anything that would ask is refused) and must run, with its output. The attacks beside them
 * show that what the relaxation lets through is still held to the deny rules.
 */
interface Case extends Attack {
  name: string;
  shows: (run: AttackRun) => boolean;
}

/** A tar archive with one file, as text (its bytes are all ASCII). */
function archive(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-tar-'));
  try {
    writeFileSync(path.join(folder, 'inside-3f2a.txt'), 'x\n');
    return execFileSync('tar', ['-cf', '-', '-C', folder, 'inside-3f2a.txt'], { encoding: 'latin1' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const TAR = archive();

const ALLOWED: Case[] = [
  { name: 'tar -tf lists an archive (no rule)', files: { 'a.tar': TAR }, input: 'tar -tf a.tar', shows: (run) => run.text.includes('inside-3f2a.txt') },
  { name: 'tar tvf lists an archive (no rule)', files: { 'a.tar': TAR }, input: 'tar tvf a.tar', shows: (run) => run.text.includes('inside-3f2a.txt') },
  { name: 'tar --list --file', files: { 'a.tar': TAR }, input: 'tar --list --file=a.tar', shows: (run) => run.text.includes('inside-3f2a.txt') },
  { name: 'set -euo pipefail; git status under Bash(git status:*)', mode: 'dontAsk', git: true, allow: ['Bash(git status:*)'], input: 'set -euo pipefail; git status', shows: (run) => run.text.includes('branch') },
  { name: 'set -e then a command allowed by a rule', mode: 'dontAsk', allow: ['Bash(node --version)'], input: 'set -e\nnode --version', shows: (run) => run.text.includes('v') },
  { name: 'shopt -s nullglob then an allowed command', mode: 'dontAsk', allow: ['Bash(node --version)'], input: 'shopt -s nullglob; node --version', shows: (run) => run.text.includes('v') },
  { name: 'diff <(cat a) <(cat b) under Bash(diff:*) and Bash(cat:*)', mode: 'dontAsk', allow: ['Bash(diff:*)', 'Bash(cat:*)'], files: { a: 'one\n', b: 'two\n' }, input: 'diff <(cat a) <(cat b)', shows: (run) => run.text.includes('one') && run.text.includes('two') },
  { name: 'diff <(sort a) b under Bash(diff:*) and Bash(sort:*)', mode: 'dontAsk', allow: ['Bash(diff:*)', 'Bash(sort:*)'], files: { a: 'one\n', b: 'two\n' }, input: 'diff <(sort a) b', shows: (run) => run.text.includes('one') && run.text.includes('two') },
];

const SECRET = 'TOKEN=sk-live-4f9a';
const printed = (run: AttackRun) => run.text.includes('sk-live-4f9a');
const ENV = { '.env': `${SECRET}\n`, 'f.txt': 'line\n' };

/** What the relaxations must not let through. */
const ATTACKS: (Attack & { name: string; worked: (run: AttackRun) => boolean })[] = [
  { name: 'a process substitution reading a denied file', allow: ['Bash(diff:*)', 'Bash(cat:*)'], deny: ['Read(.env)'], files: ENV, input: 'diff <(cat .env) f.txt', worked: printed },
  { name: 'a process substitution running a command no rule allows', mode: 'dontAsk', allow: ['Bash(diff:*)'], files: ENV, input: 'diff <(touch PWNED; echo x) f.txt', worked: (run) => exists(run, 'PWNED') || run.output.decision?.behavior === 'allow' },
  { name: 'shopt -s dotglob widening a glob to a denied file', allow: ['Bash(cat:*)'], deny: ['Read(.env)'], files: ENV, input: 'shopt -s dotglob; cat *', worked: printed },
  { name: 'set -k putting an assignment in the environment of git', mode: 'dontAsk', git: true, allow: ['Bash(git log:*)'], input: "set -k; git log -1 GIT_PAGER='touch PWNED' -p", worked: (run) => run.output.decision?.behavior === 'allow' },
  { name: 'set alone prints every variable', mode: 'dontAsk', allow: ['Bash(git status:*)'], git: true, input: 'set; git status', worked: (run) => run.output.decision?.behavior === 'allow' },
  { name: 'tar -x under no rule', mode: 'dontAsk', files: { 'a.tar': TAR }, input: 'tar -xf a.tar', worked: (run) => run.output.decision?.behavior === 'allow' },
  { name: 'tar -t running a program', mode: 'dontAsk', files: { 'a.tar': TAR }, input: "tar -tf a.tar --use-compress-program='touch PWNED'", worked: (run) => run.output.decision?.behavior === 'allow' },
];

describe('over-blocking: ordinary commands run', () => {
  it.each(ALLOWED.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectAllowed({ ...entry, worked: entry.shows }));

  it.each(ATTACKS.map((entry) => [entry.name, entry] as const))('still held: %s', (_name, entry) => expectHeld(entry));
});
