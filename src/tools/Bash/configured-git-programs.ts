import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Settings with which a reading git command runs a program: textconv and external diff drivers (`git
 * diff`, `log -p`, `show`, `blame`), clean/smudge filters (`status`, `diff` of the working tree), the
 * fsmonitor hook (`status`, `diff`), pagers and the signature program (`log --show-signature`).
 */
const DIFF_PROGRAM = /^diff\..+\.(?:textconv|command)$|^diff\.external$/;
const OTHER_PROGRAM = /^filter\..+\.(?:clean|smudge|process)$|^core\.fsmonitor$|^core\.pager$|^pager\..+|^gpg(?:\..+)?\.program$/;
/** `core.fsmonitor` as a boolean: `true` is git's own daemon, not a program of the repository's choosing. */
const BOOLEAN = /^(?:true|false|yes|no|on|off|1|0)?$/i;

interface Entry {
  /** The config files read, with their modification times, to tell when the answer is stale. */
  files: { file: string; mtimeMs: number }[];
  settings: { key: string; value: string }[];
}

const cache = new Map<string, Entry>();
const MAX_CACHED = 200;

/**
 * The program a git command run in `directory` would start from its repository's own configuration (the
 * repository's config file, its worktree config and every file they include), or undefined when it runs
 * none. `--no-textconv` together with `--no-ext-diff` rules out the diff drivers. The configuration is read
 * with `git config --list` in a bounded environment without the user's global and system files, and
 * remembered per repository until one of the files read changes. A configuration that cannot be read
 * counts as running one (fail closed).
 */
export async function configuredGitProgram(directory: string, argv: readonly string[]): Promise<string | undefined> {
  const settings = await repositorySettings(directory);
  if (settings === undefined) return 'its configuration could not be read';
  const diffDrivers = !(argv.includes('--no-textconv') && argv.includes('--no-ext-diff'));
  const found = settings.find(({ key, value }) => (key === 'core.fsmonitor' ? !BOOLEAN.test(value.trim()) : OTHER_PROGRAM.test(key) || (diffDrivers && DIFF_PROGRAM.test(key))));
  return found ? `the repository's configuration sets ${found.key}, a program git runs` : undefined;
}

async function repositorySettings(directory: string): Promise<Entry['settings'] | undefined> {
  const cached = cache.get(directory);
  if (cached && (await unchanged(cached.files))) return cached.settings;
  const output = await listConfig(directory);
  if (output === undefined) return undefined;
  const settings: Entry['settings'] = [];
  const origins = new Set<string>();
  const fields = output.split('\0');
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const origin = fields[index]!;
    const [key = '', ...value] = fields[index + 1]!.split('\n');
    if (origin.startsWith('file:')) origins.add(path.resolve(directory, origin.slice('file:'.length)));
    settings.push({ key: key.toLowerCase(), value: value.join('\n') });
  }
  const files = await Promise.all([...origins].map(async (file) => ({ file, mtimeMs: (await stat(file).catch(() => undefined))?.mtimeMs ?? -1 })));
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  // Without a file to watch there is nothing to tell a later change by: not remembered.
  if (files.length > 0) cache.set(directory, { files, settings });
  return settings;
}

async function unchanged(files: Entry['files']): Promise<boolean> {
  for (const { file, mtimeMs } of files) if (((await stat(file).catch(() => undefined))?.mtimeMs ?? -1) !== mtimeMs) return false;
  return true;
}

/** `git config --list --includes --show-origin -z` in `directory`, with only the repository's own files. */
function listConfig(directory: string): Promise<string | undefined> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? directory, LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };
  return new Promise((resolve) => {
    execFile('git', ['config', '--list', '--includes', '--show-origin', '-z'], { cwd: directory, env, timeout: 5_000, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => resolve(error ? undefined : stdout));
  });
}
