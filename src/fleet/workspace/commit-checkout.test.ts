import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { cleanGitMachine } from '../../git/test-fixtures/clean-git-machine.ts';
import { commitCheckout } from './commit-checkout.ts';
import { prepareRecordingStore } from './recording-store.ts';

const machine = cleanGitMachine('codev-commit-checkout-');

it('keeps a file the checkout tracks though its .gitignore leaves it out (force-added), as a commit of the checkout would: its recording index starts as the checkout\'s', async () => {
  const checkout = machine.directory();
  machine.git(checkout, 'init', '-q');
  writeFileSync(path.join(checkout, '.gitignore'), 'dist/\n');
  mkdirSync(path.join(checkout, 'dist'));
  writeFileSync(path.join(checkout, 'dist', 'app.js'), 'built\n');
  writeFileSync(path.join(checkout, 'readme'), 'one\n');
  machine.git(checkout, 'add', '.gitignore', 'readme');
  machine.git(checkout, 'add', '-f', 'dist/app.js');
  machine.git(checkout, 'commit', '-q', '-m', 'start');
  // As a job's workspace is made (prepareJobWorkspace): the recording index seeded from the fresh checkout's.
  await prepareRecordingStore({ checkout, seedIndex: path.join(checkout, '.git', 'index') });
  writeFileSync(path.join(checkout, 'readme'), 'two\n');
  const commit = await commitCheckout({ cwd: checkout, message: ['turn 1'] });
  expect(machine.git(checkout, 'ls-tree', '-r', '--name-only', commit).split('\n')).toEqual(['.gitignore', 'dist/app.js', 'readme']);
});
