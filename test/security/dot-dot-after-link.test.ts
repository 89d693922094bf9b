import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { cleanUp, expectAllowed, expectHeld, runAttack, type Attack, type AttackRun, type JudgedAttack } from './run-attack.ts';

/**
 * Issue 29, class 2: `..` after a symlink. The kernel resolves `link` before the `..` after it, so
 * `link/../x` is `x` beside the link's TARGET; a decision made on `path.resolve`'s reading (`x` beside the
 * link) let reads and writes land outside the project or on a denied file. Each attack runs end to end with
 * the sandbox on and off and is judged by its effect: the secret printed, a file made outside.
 */
type Case = JudgedAttack;

const SECRET = 'sk-live-dotdot-7c1e';
const printed = (run: AttackRun) => run.text.includes(SECRET);
const madeOutside = (run: AttackRun) => existsSync(path.join(run.outside, 'PWNED'));
/** `link` in the project points at `<outside>/dir`; `<outside>/secret.txt` is beside that folder. */
const OUTSIDE_LINK: Attack = {
  input: '',
  outsideFiles: { 'secret.txt': `${SECRET}\n`, 'dir/inner.txt': 'inner\n' },
  setup: ({ root, outside }) => symlinkSync(path.join(outside, 'dir'), path.join(root, 'link')),
};
/** `secrets/**` is denied; `peek` is a link to a folder inside it, so `peek/..` is `secrets`. */
const DENIED_PARENT: Attack = {
  input: '',
  deny: ['Read(secrets/**)', 'Edit(secrets/**)'],
  files: { 'secrets/key.txt': `${SECRET}\n`, 'secrets/sub/readme.txt': 'sub\n' },
  setup: ({ root }) => symlinkSync(path.join(root, 'secrets', 'sub'), path.join(root, 'peek')),
};

const ATTACKS: Case[] = [
  { name: 'cat link/../secret.txt reads beside the link target', ...OUTSIDE_LINK, input: 'cat link/../secret.txt', worked: printed },
  { name: 'cd link && cat ../secret.txt', ...OUTSIDE_LINK, input: 'cd link && cat ../secret.txt', worked: printed },
  { name: 'cd link/../dir (missing by name, so bash falls back to the kernel)', ...OUTSIDE_LINK, input: 'cd link/../dir && cat ../secret.txt', worked: printed },
  { name: 'a glob after link/.. expands beside the target', ...OUTSIDE_LINK, input: 'cat link/../*.txt', worked: printed },
  { name: 'a redirect to link/../PWNED', ...OUTSIDE_LINK, mode: 'acceptEdits', input: 'echo x > link/../PWNED', worked: madeOutside },
  { name: 'cd link && a redirect to ../PWNED', ...OUTSIDE_LINK, mode: 'acceptEdits', input: 'cd link && echo x > ../PWNED', worked: madeOutside },
  { name: 'a link made in the same command, then read through with ..', ...OUTSIDE_LINK, mode: 'acceptEdits', setup: () => {}, input: 'ln -s {{outside}}/dir fresh && cat fresh/../secret.txt', worked: printed },
  { name: 'Write link/../PWNED', ...OUTSIDE_LINK, tool: 'Write', mode: 'acceptEdits', input: { file_path: '{{project}}/link/../PWNED', content: 'x' }, worked: madeOutside },
  { name: 'Read link/../secret.txt', ...OUTSIDE_LINK, tool: 'Read', input: { file_path: '{{project}}/link/../secret.txt' }, worked: printed },
  { name: 'Grep in link/..', ...OUTSIDE_LINK, tool: 'Grep', input: { pattern: 'sk-live', path: '{{project}}/link/..', output_mode: 'content' }, worked: printed },
  { name: 'Glob in link/.. lists and Read then follows', ...OUTSIDE_LINK, tool: 'Glob', input: { pattern: '*.txt', path: '{{project}}/link/..' }, worked: (run) => run.text.includes('secret.txt') },
  { name: 'Glob with link/.. in an absolute pattern', ...OUTSIDE_LINK, tool: 'Glob', input: { pattern: '{{project}}/link/../*.txt' }, worked: (run) => run.text.includes('secret.txt') },
  { name: 'cat peek/../key.txt reaches a denied file', ...DENIED_PARENT, input: 'cat peek/../key.txt', worked: printed },
  { name: 'cd peek && cat ../key.txt reaches a denied file', ...DENIED_PARENT, input: 'cd peek && cat ../key.txt', worked: printed },
  { name: 'Read peek/../key.txt reaches a denied file', ...DENIED_PARENT, tool: 'Read', input: { file_path: '{{project}}/peek/../key.txt' }, worked: printed },
  { name: 'Write peek/../key.txt overwrites a denied file', ...DENIED_PARENT, tool: 'Write', mode: 'acceptEdits', input: { file_path: '{{project}}/peek/../key.txt', content: 'gone' }, worked: (run) => readFileSync(path.join(run.project.root, 'secrets', 'key.txt'), 'utf8') === 'gone' },
];

/** Ordinary `..` use: inside the project, or through a link that stays inside it. */
const BENIGN: Case[] = [
  { name: 'cat src/../README.md', input: 'cat src/../README.md', files: { 'README.md': `${SECRET}\n`, 'src/a.ts': '' }, worked: printed },
  {
    name: 'a link inside the project, read through with ..',
    input: 'cat inner/../notes.txt',
    files: { 'src/notes.txt': `${SECRET}\n`, 'src/deep/x.ts': '' },
    setup: ({ root }) => symlinkSync(path.join(root, 'src', 'deep'), path.join(root, 'inner')),
    worked: printed,
  },
  { name: 'cd src && cat ../README.md', input: 'cd src && cat ../README.md', files: { 'README.md': `${SECRET}\n`, 'src/a.ts': '' }, worked: printed },
  {
    name: 'Read through an inside link and ..',
    tool: 'Read',
    input: { file_path: '{{project}}/inner/../notes.txt' },
    files: { 'src/notes.txt': `${SECRET}\n`, 'src/deep/x.ts': '' },
    setup: ({ root }) => symlinkSync(path.join(root, 'src', 'deep'), path.join(root, 'inner')),
    worked: printed,
  },
  {
    name: 'Write through an inside link and ..',
    tool: 'Write',
    mode: 'acceptEdits',
    input: { file_path: '{{project}}/inner/../made.txt', content: 'x' },
    files: { 'src/deep/x.ts': '' },
    setup: ({ root }) => symlinkSync(path.join(root, 'src', 'deep'), path.join(root, 'inner')),
    worked: (run) => existsSync(path.join(run.project.root, 'src', 'made.txt')),
  },
];

const SANDBOX = isSandboxAvailable();
const modes = SANDBOX ? [true, false] : [false];

describe.each(modes)('.. after a symlink (sandbox %s)', (sandbox) => {
  it.each(ATTACKS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => expectHeld({ ...entry, sandbox }));

  it.each(BENIGN.map((entry) => [entry.name, entry] as const))('ordinary: %s', (_name, entry) => expectAllowed({ ...entry, sandbox }));

  it('a .. after a name that is a loop, a file or missing is never allowed', async () => {
    const run = await runAttack({
      sandbox,
      tool: 'Read',
      input: { file_path: '{{project}}/loop/../package.json' },
      setup: ({ root }) => {
        symlinkSync(path.join(root, 'loop2'), path.join(root, 'loop'));
        symlinkSync(path.join(root, 'loop'), path.join(root, 'loop2'));
      },
    });
    try {
      expect(run.output.decision?.behavior).not.toBe('allow');
    } finally {
      cleanUp(run);
    }
  });
});
