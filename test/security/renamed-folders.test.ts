import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { expectEffectOnlyWhenBenign, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * A folder given a new name by the command itself (`mv`, `ln -s`) carries what is in it: `mv config c &&
 * cat c/.env` reads the file `Read(config/.env)` denies under a name no rule matches, and `ln -s src s &&
 * echo x >> s/locked.txt` changes the file an Edit deny rule covers. Moving or linking a folder is a write of
 * everything in it, so the deny rules on what is below it apply. Judged by effect: the secret printed, the
 * file changed.
 */
type Case = JudgedAttack;

const SECRET = 'sk-live-4f9a';
const printed = (run: AttackRun) => run.text.includes(SECRET);
const SECRET_IN_CONFIG = { deny: ['Read(config/.env)'], files: { 'config/.env': `TOKEN=${SECRET}\n`, 'src/a.txt': 'alpha\n' } };
const LOCKED = { deny: ['Edit(src/locked.txt)'], files: { 'src/locked.txt': 'original\n' } };
const lockedChanged = (run: AttackRun) => readFileSync(path.join(run.project.root, 'src/locked.txt'), 'utf8') !== 'original\n';

const CASES: Case[] = [
  { name: 'mv a folder then cat the denied file under its new name (sandbox off)', ...SECRET_IN_CONFIG, mode: 'acceptEdits', allow: ['Bash(cat:*)'], sandbox: false, input: 'mv config c2 && cat c2/.env', worked: printed },
  { name: 'mv -t a folder into another then cat (sandbox off)', ...SECRET_IN_CONFIG, mode: 'acceptEdits', allow: ['Bash(cat:*)'], sandbox: false, input: 'mkdir d && mv -t d config && cat d/config/.env', worked: printed },
  { name: 'ln -s a folder then cat through the link (sandbox off)', ...SECRET_IN_CONFIG, mode: 'acceptEdits', allow: ['Bash(ln:*)', 'Bash(cat:*)'], sandbox: false, input: 'ln -s config c2 && cat c2/.env', worked: printed },
  { name: 'ln -s a folder by its absolute path then cat (sandbox off)', ...SECRET_IN_CONFIG, mode: 'acceptEdits', allow: ['Bash(ln:*)', 'Bash(cat:*)'], sandbox: false, input: 'ln -s {{project}}/config c2 && cat c2/.env', worked: printed },
  { name: 'ln -s a folder then append to an Edit-denied file through it (sandbox off)', ...LOCKED, mode: 'acceptEdits', allow: ['Bash(ln:*)', 'Bash(echo:*)'], sandbox: false, input: 'ln -s src s && echo pwned >> s/locked.txt', worked: lockedChanged },
  { name: 'mv a folder then append to an Edit-denied file (sandbox off)', ...LOCKED, mode: 'acceptEdits', allow: ['Bash(echo:*)'], sandbox: false, input: 'mv src s && echo pwned >> s/locked.txt && mv s src', worked: lockedChanged },
  { name: 'mv a folder then cat (sandbox on)', ...SECRET_IN_CONFIG, mode: 'bypassPermissions', needsSandbox: true, input: 'mv config c2; cat c2/.env', worked: printed },
  { name: 'ln -s a folder then cat (sandbox on)', ...SECRET_IN_CONFIG, mode: 'bypassPermissions', needsSandbox: true, input: 'ln -s config c2; cat c2/.env', worked: printed },
  // Benign: moving and linking folders that hold nothing a rule covers stays as before.
  { name: 'mv a folder nothing covers then cat from it', benign: true, ...SECRET_IN_CONFIG, mode: 'acceptEdits', allow: ['Bash(cat:*)'], sandbox: false, input: 'mv src lib && cat lib/a.txt', worked: (run) => run.text.includes('alpha') },
  { name: 'ln -s a folder nothing covers then cat through it', benign: true, ...SECRET_IN_CONFIG, mode: 'acceptEdits', allow: ['Bash(ln:*)', 'Bash(cat:*)'], sandbox: false, input: 'ln -s src s && cat s/a.txt', worked: (run) => run.text.includes('alpha') },
  { name: 'mv a file into the folder that holds the denied file', benign: true, ...SECRET_IN_CONFIG, mode: 'acceptEdits', allow: ['Bash(cat:*)'], sandbox: false, input: 'mv src/a.txt config/ && cat config/a.txt', worked: (run) => run.text.includes('alpha') },
];

const sandbox = await isSandboxAvailable();
describe('renamed folders: a folder moved or linked by the command carries the rules on what is in it', () => {
  for (const attack of CASES) {
    it.skipIf(attack.needsSandbox && !sandbox)(attack.name, () => expectEffectOnlyWhenBenign(attack));
  }
});
