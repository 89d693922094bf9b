import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/** Every path the repository holds in its index or held in any commit, and its top folder. */
export interface RepositoryPaths {
  root: string;
  paths: ReadonlySet<string>;
}

interface Entry {
  /** The files whose change means a new commit, ref or index: with their identity and modification time. */
  files: { file: string; stamp: string }[];
  listed: RepositoryPaths;
}

const cache = new Map<string, Entry>();
const MAX_CACHED = 50;
const MAX_PATHS = 200_000;
const TIMEOUT_MS = 5_000;
const MAX_OUTPUT = 32 * 1024 * 1024;

/**
 * The paths the repository git finds from `directory` has in its index (`git ls-files`) or in any commit
 * reachable from a ref or a reflog (`git log --all --reflog --name-only`, without rename detection, so a
 * renamed file counts under both names, and with merges' own changes). git runs without the user's global
 * and system configuration, without a pager, fsmonitor, textconv, external diff, signature check or
 * transport, bounded in time and output. Undefined when they cannot be listed (no repository, an error, a
 * bound reached): the caller must assume any path. Remembered per folder until the index, HEAD, its
 * reflog, packed-refs or a refs folder changes.
 */
export async function repositoryPaths(directory: string): Promise<RepositoryPaths | undefined> {
  const cached = cache.get(directory);
  if (cached && (await unchanged(cached.files))) return cached.listed;
  const where = await runGit(directory, ['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-dir', '--git-common-dir']);
  const [root, gitDirectory, commonDirectory] = where?.split('\n') ?? [];
  if (!root || !gitDirectory || !commonDirectory) return undefined;
  const files = await stamps([
    ...['index', 'HEAD', 'logs/HEAD'].map((name) => path.join(gitDirectory, name)),
    ...['packed-refs', 'refs', 'refs/heads', 'refs/tags', 'refs/remotes', 'logs/refs/heads'].map((name) => path.join(commonDirectory, name)),
  ]);
  const indexed = await runGit(root, ['ls-files', '-z', '--full-name']);
  const committed = indexed === undefined ? undefined : await runGit(root, ['log', '--all', '--reflog', '-m', '--no-renames', '--name-only', '--format=', '-z', '--no-textconv', '--no-ext-diff', '--no-show-signature', '--no-mailmap']);
  if (indexed === undefined || committed === undefined) return undefined;
  const paths = new Set<string>();
  for (const name of [...indexed.split('\0'), ...committed.split(/[\0\n]/)]) {
    if (name === '') continue;
    paths.add(name);
    if (paths.size > MAX_PATHS) return undefined;
  }
  const listed = { root, paths };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(directory, { files, listed });
  return listed;
}

async function stamps(files: readonly string[]): Promise<Entry['files']> {
  return Promise.all(files.map(async (file) => ({ file, stamp: await stampOf(file) })));
}

async function stampOf(file: string): Promise<string> {
  const stats = await stat(file, { bigint: true }).catch(() => undefined);
  return stats ? `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}` : 'missing';
}

async function unchanged(files: Entry['files']): Promise<boolean> {
  for (const { file, stamp } of files) if ((await stampOf(file)) !== stamp) return false;
  return true;
}

/** git in `directory` with only the repository's own configuration, no pager and no fsmonitor; undefined on any failure. */
function runGit(directory: string, args: readonly string[]): Promise<string | undefined> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? directory, LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_OPTIONAL_LOCKS: '0', GIT_NO_LAZY_FETCH: '1', GIT_NO_REPLACE_OBJECTS: '1' };
  // The repository may be one the model planted: no transport (a promisor remote's lazy fetch), no fsmonitor,
  // no signature program; replaced commits are listed as they are and, through refs/replace, as replaced.
  const options = ['--no-pager', '-c', 'core.fsmonitor=false', '-c', 'log.showSignature=false', '-c', 'protocol.allow=never', '-c', 'core.quotePath=false'];
  return new Promise((resolve) => {
    execFile('git', [...options, ...args], { cwd: directory, env, timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT, encoding: 'utf8' }, (error, stdout) => resolve(error ? undefined : stdout.replace(/\n$/, '')));
  });
}
