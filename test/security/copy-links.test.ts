import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { expectEffectOnlyWhenBenign, type Attack } from './run-attack.ts';

/**
 * `cp -l` and `cp -s` make links, not copies: the new name is the file itself (a hard link) or leads to it
 * (a symlink), so writing it writes the source. Their sources were judged as reads, and acceptEdits approves
 * cp in the project: `cp -l .git/hooks/pre-commit x && echo … >> x` changed the hook (sandbox off; in the
 * sandbox a protected file is on a read-only mount a link cannot cross). With a link option the sources are
 * written, as ln's are. Judged by effect: the hook, the config or the Edit-denied file changed.
 */
interface Case extends Attack {
  name: string;
  changed: string;
  benign?: boolean;
}

const HOOK = '#!/bin/sh\nexit 0\n';
const HOOKED = { git: true, files: { 'a.txt': 'alpha\n' }, setup: ({ root }: { root: string }) => writeFileSync(path.join(root, '.git/hooks/pre-commit'), HOOK) };
const OFF = { sandbox: false, mode: 'acceptEdits' };

const CASES: Case[] = [
  { name: 'cp -l a git hook, then append to the new name', ...HOOKED, ...OFF, input: "cp -l .git/hooks/pre-commit x && echo 'touch PWNED' >> x", changed: '.git/hooks/pre-commit' },
  { name: 'cp --link (abbreviated --li) a git hook, then append', ...HOOKED, ...OFF, input: "cp --li .git/hooks/pre-commit x && echo 'touch PWNED' >> x", changed: '.git/hooks/pre-commit' },
  { name: 'cp -al the hooks folder, then append to a hook in the copy', ...HOOKED, ...OFF, input: "cp -al .git/hooks h && echo 'touch PWNED' >> h/pre-commit", changed: '.git/hooks/pre-commit' },
  { name: 'cp -s a git hook by its absolute path, then append', ...HOOKED, ...OFF, input: "cp -s {{project}}/.git/hooks/pre-commit x && echo 'touch PWNED' >> x", changed: '.git/hooks/pre-commit' },
  { name: 'cp -l codev.config.ts, then append', git: true, files: { 'codev.config.ts': 'export default {};\n' }, ...OFF, input: "cp -l codev.config.ts x && echo '// PWNED' >> x", changed: 'codev.config.ts' },
  { name: 'cp -l an Edit-denied file, then append', deny: ['Edit(locked.txt)'], files: { 'locked.txt': 'original\n' }, ...OFF, input: "cp -l locked.txt x && echo 'PWNED' >> x", changed: 'locked.txt' },
  // Benign: linking and copying files nothing protects still runs in acceptEdits.
  { name: 'cp -l a file nothing protects, then append', benign: true, ...HOOKED, ...OFF, input: "cp -l a.txt b.txt && echo 'PWNED' >> b.txt", changed: 'a.txt' },
  { name: 'cp -r a folder nothing protects, then append to the copy', benign: true, files: { 'src/a.txt': 'alpha\n' }, ...OFF, input: "cp -r src dst && echo 'PWNED' >> dst/a.txt", changed: 'dst/a.txt' },
];

describe('cp -l and cp -s make links: their sources are written', () => {
  for (const attack of CASES) {
    it(attack.name, () => expectEffectOnlyWhenBenign({ ...attack, worked: (run) => readFileSync(path.join(run.project.root, attack.changed), 'utf8').includes('PWNED') }));
  }
});
