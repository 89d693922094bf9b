import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { expectAllowed, expectHeld, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Issue 29, class 4: Unicode forms. `café` composed (NFC) and `cafe` + a combining accent (NFD) are two
 * names to ext4, and the model picks which one it writes; a deny or ask rule must hold for either form
 * (and for compatibility forms: a rule typed in full-width letters). Allow rules stay exact. Each attack
 * runs end to end with the sandbox on and off, judged by its effect.
 */
type Case = JudgedAttack;

const NFC = 'caf\u00e9.txt';
const NFD = 'cafe\u0301.txt';
const SETTINGS_NFC = 'r\u00e9glages.json';
const SETTINGS_NFD = 're\u0301glages.json';
const SECRET = 'sk-live-unicode-5d2b';
const printed = (run: AttackRun) => run.text.includes(SECRET);
const fileIn = (run: AttackRun, name: string) => path.join(run.project.root, name);

const ATTACKS: Case[] = [
  { name: 'cat of the NFD name under an NFC Read deny', deny: [`Read(${NFC})`], files: { [NFD]: `${SECRET}\n` }, input: `cat ${NFD}`, worked: printed },
  { name: 'cat of the NFC name under an NFD Read deny', deny: [`Read(${NFD})`], files: { [NFC]: `${SECRET}\n` }, input: `cat ${NFC}`, worked: printed },
  { name: 'Read of the NFD name under an NFC Read deny', tool: 'Read', deny: [`Read(${NFC})`], files: { [NFD]: `${SECRET}\n` }, input: { file_path: `{{project}}/${NFD}` }, worked: printed },
  { name: 'Grep through an NFD file under an NFC Read deny', tool: 'Grep', deny: [`Read(${NFC})`], files: { [NFD]: `${SECRET}\n` }, input: { pattern: 'sk-live', output_mode: 'content' }, worked: printed },
  { name: 'a folder rule in NFC, the folder in NFD', deny: ['Read(donn\u00e9es/**)'], files: { 'donne\u0301es/key.txt': `${SECRET}\n` }, input: 'cat donne\u0301es/key.txt', worked: printed },
  { name: 'python reads the NFD name under an NFC Read deny (the sandbox hides it)', needsSandbox: true, allow: ['Bash(python3:*)'], deny: [`Read(${NFC})`], files: { [NFD]: `${SECRET}\n` }, input: `python3 -c "print(open('${NFD}').read())"`, worked: printed },
  { name: 'a redirect to the NFD name under an NFC Edit deny', mode: 'acceptEdits', deny: [`Edit(${SETTINGS_NFC})`], files: { [SETTINGS_NFD]: '{}\n' }, input: `echo '{"x":1}' > ${SETTINGS_NFD}`, worked: (run) => readFileSync(fileIn(run, SETTINGS_NFD), 'utf8') !== '{}\n' },
  { name: 'Write makes the NFD name under an NFC Edit deny', tool: 'Write', mode: 'acceptEdits', deny: [`Edit(${SETTINGS_NFC})`], input: { file_path: `{{project}}/${SETTINGS_NFD}`, content: '{}' }, worked: (run) => existsSync(fileIn(run, SETTINGS_NFD)) },
  { name: 'an NFC Bash deny, the command in NFD', allow: ['Bash(rm:*)'], deny: [`Bash(rm ${NFC})`], files: { [NFD]: 'x\n' }, input: `rm ${NFD}`, worked: (run) => !existsSync(fileIn(run, NFD)) },
  { name: 'an NFC Bash prefix deny, the command in NFD', allow: ['Bash(rm:*)'], deny: [`Bash(rm -f ${NFC}:*)`], files: { [NFD]: 'x\n' }, input: `rm -f ${NFD}`, worked: (run) => !existsSync(fileIn(run, NFD)) },
  { name: 'a Read deny typed in full-width letters, the file in ASCII', deny: ['Read(\uff53\uff45\uff43\uff52\uff45\uff54.txt)'], files: { 'secret.txt': `${SECRET}\n` }, input: 'cat secret.txt', worked: printed },
];

/** Non-ASCII names keep working; allow rules stay exact; an accent still makes another name. */
const BENIGN: Case[] = [
  { name: 'cat of a non-ASCII name without rules', files: { [NFC]: `${SECRET}\n` }, input: `cat ${NFC}`, worked: printed },
  { name: 'Read of an NFD name without rules', tool: 'Read', files: { [NFD]: `${SECRET}\n` }, input: { file_path: `{{project}}/${NFD}` }, worked: printed },
  { name: 'an allow rule with a non-ASCII name', allow: [`Bash(rm ${NFC})`], files: { [NFC]: 'x\n' }, input: `rm ${NFC}`, worked: (run) => !existsSync(fileIn(run, NFC)) },
  { name: 'a deny of café.txt leaves cafe.txt alone', deny: [`Read(${NFC})`], files: { 'cafe.txt': `${SECRET}\n` }, input: 'cat cafe.txt', worked: printed },
];

const SANDBOX = isSandboxAvailable();
const modes = SANDBOX ? [true, false] : [false];

describe.each(modes)('Unicode forms of denied names (sandbox %s)', (sandbox) => {
  it.each(ATTACKS.filter((entry) => sandbox || !entry.needsSandbox).map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld({ ...entry, sandbox }));

  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('ordinary: %s', (_name, entry) => expectAllowed({ ...entry, sandbox }));
});
