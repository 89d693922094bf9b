import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configuredGitProgram } from './configured-git-programs.ts';

const folders: string[] = [];

function repository(config = ''): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-gitconfig-'));
  folders.push(folder);
  execFileSync('git', ['init', '-q', folder]);
  if (config) appendFileSync(path.join(folder, '.git/config'), config);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('configuredGitProgram', () => {
  it('finds the programs a repository configuration makes a reading git command run', async () => {
    for (const config of ['[diff "x"]\n\ttextconv = conv\n', '[diff]\n\texternal = ext\n', '[diff "x"]\n\tcommand = ext\n', '[filter "f"]\n\tclean = c\n', '[filter "f"]\n\tprocess = p\n', '[core]\n\tfsmonitor = ./hook\n', '[core]\n\tpager = p\n', '[pager]\n\tlog = p\n', '[gpg]\n\tprogram = g\n', '[gpg "ssh"]\n\tprogram = g\n']) {
      expect(await configuredGitProgram(repository(config), ['git', 'status']), config).toBeDefined();
    }
  });

  it('lets a plain repository, the built-in fsmonitor and --no-textconv --no-ext-diff through', async () => {
    expect(await configuredGitProgram(repository(), ['git', 'log', '-p'])).toBeUndefined();
    expect(await configuredGitProgram(repository('[core]\n\tfsmonitor = true\n'), ['git', 'status'])).toBeUndefined();
    const drivers = repository('[diff "x"]\n\ttextconv = conv\n[diff]\n\texternal = ext\n');
    expect(await configuredGitProgram(drivers, ['git', 'show', '--no-textconv', '--no-ext-diff'])).toBeUndefined();
    expect(await configuredGitProgram(drivers, ['git', 'show', '--no-textconv'])).toBeDefined();
  });

  it('follows include.path, and sees a change to an included file', async () => {
    const folder = repository('[include]\n\tpath = ../extra.gitconfig\n');
    const extra = path.join(folder, 'extra.gitconfig');
    writeFileSync(extra, '[user]\n\tname = x\n');
    expect(await configuredGitProgram(folder, ['git', 'status'])).toBeUndefined();
    writeFileSync(extra, '[filter "f"]\n\tsmudge = s\n');
    // A later change is seen by its modification time, however close in time it comes.
    utimesSync(extra, new Date(), new Date(Date.now() + 60_000));
    expect(await configuredGitProgram(folder, ['git', 'status'])).toBeDefined();
  });

  it("ignores the user's global configuration, and fails closed where git cannot read one", async () => {
    const previous = process.env.GIT_CONFIG_GLOBAL;
    const global = path.join(repository(), 'global.gitconfig');
    writeFileSync(global, '[core]\n\tpager = less\n');
    process.env.GIT_CONFIG_GLOBAL = global;
    try {
      expect(await configuredGitProgram(repository(), ['git', 'log'])).toBeUndefined();
    } finally {
      if (previous === undefined) delete process.env.GIT_CONFIG_GLOBAL;
      else process.env.GIT_CONFIG_GLOBAL = previous;
    }
    expect(await configuredGitProgram(path.join(os.tmpdir(), 'codev-no-such-folder-4e1b'), ['git', 'log'])).toBeDefined();
  });
});
