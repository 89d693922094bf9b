import { spawnSync } from 'node:child_process';
import { cachedByFile } from './cached-by-file.ts';

/** One `key=value` of a git config file, the key as git prints it (section and name in lower case). */
export interface GitConfigEntry {
  key: string;
  value: string;
}

/**
 * The entries of one git config file, includes not followed (the caller follows them, to protect each
 * included file): `git config --file <file> --list -z`, with an environment that names no other config
 * and a 3-second bound. Reading a config never runs what it names. Cached until the file changes; empty
 * when git is missing or the file cannot be read.
 */
export function readGitConfig(file: string): readonly GitConfigEntry[] {
  return cachedByFile({ key: `git-config:${file}`, file, fallback: [], compute: () => listConfig(file) });
}

function listConfig(file: string): GitConfigEntry[] {
  const result = spawnSync('git', ['config', '--file', file, '--list', '-z'], {
    encoding: 'utf8',
    timeout: 3_000,
    maxBuffer: 4 * 1024 * 1024,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (result.status !== 0 || typeof result.stdout !== 'string') throw new Error('git config failed');
  return result.stdout
    .split('\0')
    .filter((record) => record !== '')
    .map((record) => {
      const newline = record.indexOf('\n');
      return newline === -1 ? { key: record, value: '' } : { key: record.slice(0, newline), value: record.slice(newline + 1) };
    });
}
