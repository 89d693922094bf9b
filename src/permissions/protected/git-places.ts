import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { scriptFilesOf } from '../script-files.ts';
import { readGitConfig } from './read-git-config.ts';

/** A protected place git reads (see `ProtectedPlace`). `repository`: a git directory, whose internals the sandbox keeps. */
export interface GitPlace {
  path: string;
  why: string;
  file?: boolean;
  repository?: boolean;
}

/** The last part of a config key whose value git runs as a command (`diff.<driver>.textconv`, `core.fsmonitor`…). */
const COMMAND_KEYS = new Set(['fsmonitor', 'pager', 'editor', 'sshcommand', 'askpass', 'gitproxy', 'external', 'textconv', 'command', 'cmd', 'driver', 'clean', 'smudge', 'process', 'program', 'helper', 'difffilter', 'packobjectshook', 'uploadpack', 'receivepack', 'browser']);
const MAX_INCLUDES = 20;
/**
 * Configs of git hook managers, read from the work tree's top by the hooks they install (pre-commit,
 * lefthook, lint-staged behind husky): the commands in them run at the next commit, outside any sandbox.
 */
export const HOOK_MANAGER_FILES: readonly string[] = [
  '.pre-commit-config.yaml',
  '.pre-commit-config.yml',
  ...['lefthook', '.lefthook', 'lefthook-local', '.lefthook-local'].flatMap((stem) => ['yml', 'yaml', 'json', 'toml'].map((extension) => `${stem}.${extension}`)),
  ...['', '.json', '.yaml', '.yml', '.mjs', '.cjs', '.js'].map((extension) => `.lintstagedrc${extension}`),
  ...['mjs', 'cjs', 'js', 'ts', 'mts', 'cts'].map((extension) => `lint-staged.config.${extension}`),
];
const USER_CONFIG_FILES = () => ['/etc/gitconfig', path.join(os.homedir(), '.gitconfig'), path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'git', 'config')];

/**
 * git's real places for a working directory: the repository git would use there (the nearest `.git` at or
 * above it; a `.git` file's `gitdir:` store and its `commondir`, wherever they are), and from its config,
 * the user's and the system's: the hooks folder `core.hooksPath` names, every file `include.path`/`includeIf.*.path` includes, and the scripts that the
 * config makes git run (fsmonitor, pager, textconv, filters, external diff, merge drivers, ssh command,
 * credential helpers, aliases…), and the configs of hook managers at the work tree's top (see
 * `HOOK_MANAGER_FILES`). Read from the files (`git config --file`), never by running git in the
 * repository; cached until a file changes.
 */
export function gitPlacesOf(workingDirectory: string): GitPlace[] {
  const repository = findRepository(workingDirectory);
  if (!repository) return [];
  const { top, gitDirectory } = repository;
  const commonDirectory = readCommonDirectory(gitDirectory);
  const places: GitPlace[] = HOOK_MANAGER_FILES.map((name) => ({ path: path.join(top, name), why: "a git hook manager's config (the commands git's hooks run)", file: true }));
  if (gitDirectory !== path.join(top, '.git')) places.push({ path: gitDirectory, why: "git's repository (the .git file points there)", repository: true });
  if (commonDirectory !== gitDirectory) places.push({ path: commonDirectory, why: "git's repository (commondir points there)", repository: true });
  // The user's and the system's config too: a relative `core.hooksPath` there names a folder in every repository.
  const pending = [...USER_CONFIG_FILES(), path.join(commonDirectory, 'config'), path.join(gitDirectory, 'config.worktree')];
  const read = new Set<string>();
  while (pending.length > 0 && read.size < MAX_INCLUDES) {
    const file = pending.shift()!;
    if (read.has(file)) continue;
    read.add(file);
    for (const { key, value } of readGitConfig(file)) {
      const name = key.slice(key.lastIndexOf('.') + 1);
      if (key === 'include.path' || (key.startsWith('includeif.') && name === 'path')) {
        const included = resolveConfigPath(value, path.dirname(file));
        places.push({ path: included, why: `a file git's config includes (${key})`, file: true });
        pending.push(included);
      } else if (key === 'core.hookspath') {
        places.push({ path: resolveConfigPath(value, top), why: "git's hooks folder (core.hooksPath)" });
      } else if (COMMAND_KEYS.has(name) || key.startsWith('pager.') || (key.startsWith('alias.') && value.startsWith('!'))) {
        if (name === 'fsmonitor' && /^(true|false|yes|no|on|off|1|0)?$/i.test(value)) continue;
        places.push(...scriptFilesOf(value.replace(/^!/, '').split(/[\s;&|()<>]+/), top).map((script) => ({ path: script, why: `run by git (${key})`, file: true })));
      }
    }
  }
  return places;
}

/** The nearest `.git` at or above `directory`: the work tree's top and the git directory it names. */
function findRepository(directory: string): { top: string; gitDirectory: string } | undefined {
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    const dotGit = path.join(current, '.git');
    const stat = lstatIfPresent(dotGit);
    if (stat?.isDirectory() || stat?.isSymbolicLink()) return { top: current, gitDirectory: dotGit };
    if (stat?.isFile()) {
      const named = /^gitdir:\s*(.+?)\s*$/m.exec(readText(dotGit))?.[1];
      return { top: current, gitDirectory: named ? path.resolve(current, named) : dotGit };
    }
    if (path.dirname(current) === current) return undefined;
  }
}

function readCommonDirectory(gitDirectory: string): string {
  const named = readText(path.join(gitDirectory, 'commondir')).trim();
  return named ? path.resolve(gitDirectory, named) : gitDirectory;
}

function resolveConfigPath(value: string, base: string): string {
  if (value === '~' || value.startsWith('~/')) return path.join(os.homedir(), value.slice(1));
  return path.resolve(base, value);
}

/** A small regular file's start, or '' (never a FIFO or a device, which could block). */
function readText(file: string): string {
  if (!lstatIfPresent(file)?.isFile()) return '';
  try {
    return readFileSync(file, { encoding: 'utf8', flag: 'r' }).slice(0, 4096);
  } catch {
    return '';
  }
}
