import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { git } from '../../src/checkpoints/test-fixtures/make-mixed-project.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * The store's git reads no config but codev's: a config, hooks and attributes planted in the store, and the
 * user's global config (HOME/.gitconfig, XDG attributes) with a filter driver, an fsmonitor and hooks, run
 * nothing (each would touch a marker file) and change no byte that is recorded.
 */
const machine = cleanGitMachine('codev-checkpoint-config-');
const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL: process.env.GIT_CONFIG_GLOBAL };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function script(file: string, marker: string): string {
  writeFileSync(file, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('checkpoint store config isolation', () => {
  it('runs no planted or global hook, fsmonitor or filter, and records the bytes on disk', async () => {
    const root = machine.directory();
    const evil = machine.directory();
    const markers = path.join(evil, 'markers');
    mkdirSync(markers);
    const marker = (name: string): string => path.join(markers, name);
    git(root, 'init', '-q');
    writeFileSync(path.join(root, '.gitattributes'), '* filter=evil diff=evil text eol=crlf ident\n');
    writeFileSync(path.join(root, 'a.txt'), 'line one\nline two $Id$\n');
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') });
    const storeDirectory = store.directory;
    const first = await store.record({ sessionId: 'iso', roots: [root] });

    // The user's global config and attributes, as a user of a filter driver has them.
    const home = machine.directory();
    writeFileSync(
      path.join(home, '.gitconfig'),
      `[filter "evil"]\n\tclean = ${script(path.join(evil, 'global-clean'), marker('global-clean'))}\n\tsmudge = ${script(path.join(evil, 'global-smudge'), marker('global-smudge'))}\n[core]\n\tfsmonitor = ${script(path.join(evil, 'global-fsmonitor'), marker('global-fsmonitor'))}\n\thooksPath = ${evil}/global-hooks\n[diff "evil"]\n\ttextconv = ${script(path.join(evil, 'global-textconv'), marker('global-textconv'))}\n`,
    );
    mkdirSync(path.join(home, '.config', 'git'), { recursive: true });
    writeFileSync(path.join(home, '.config', 'git', 'attributes'), '* filter=evil\n');
    process.env.HOME = home;
    process.env.XDG_CONFIG_HOME = path.join(home, '.config');
    process.env.GIT_CONFIG_GLOBAL = path.join(home, '.gitconfig');
    // A config, attributes and hooks planted in the store after it was opened.
    writeFileSync(
      path.join(storeDirectory, 'config'),
      `[core]\n\tbare = true\n\tfsmonitor = ${script(path.join(evil, 'store-fsmonitor'), marker('store-fsmonitor'))}\n\thooksPath = ${evil}/store-hooks\n[filter "evil"]\n\tclean = ${script(path.join(evil, 'store-clean'), marker('store-clean'))}\n\trequired = true\n[diff "evil"]\n\ttextconv = ${script(path.join(evil, 'store-textconv'), marker('store-textconv'))}\n[diff]\n\texternal = ${script(path.join(evil, 'store-external'), marker('store-external'))}\n`,
    );
    writeFileSync(path.join(storeDirectory, 'info', 'attributes'), '* filter=evil diff=evil\n');
    for (const hooks of [path.join(storeDirectory, 'hooks'), path.join(evil, 'store-hooks'), path.join(evil, 'global-hooks')]) {
      mkdirSync(hooks, { recursive: true });
      for (const name of ['post-index-change', 'reference-transaction', 'pre-auto-gc', 'post-checkout']) script(path.join(hooks, name), marker(`hook-${path.basename(path.dirname(hooks))}-${name}`));
    }

    writeFileSync(path.join(root, 'a.txt'), 'line one\nline two changed $Id$\n');
    writeFileSync(path.join(root, 'b.txt'), 'new\n');
    const second = await store.record({ sessionId: 'iso', roots: [root] });
    await store.diff({ from: first, to: second });
    await store.patch({ from: first, to: second });
    const plan = await store.planRestore({ sessionId: 'iso', target: first, reference: second });
    await store.applyRestore({ sessionId: 'iso', plan });
    await store.prune();
    expect(readdirSync(markers)).toEqual([]);
    const stored = execFileSync('git', ['--git-dir', storeDirectory, 'cat-file', 'blob', `${second.roots[0]!.tree}:a.txt`], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    expect(stored.toString()).toBe('line one\nline two changed $Id$\n');
    expect(existsSync(path.join(root, 'b.txt'))).toBe(false);
  });
});
