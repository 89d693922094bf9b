import os from 'node:os';

/**
 * Settings given on every command line: they take precedence over the store's own config file, so a config
 * planted in the store can turn on no hook, fsmonitor, filter or external diff.
 */
export const ISOLATION_SETTINGS = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=true',
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.symlinks=true',
  'core.filemode=true',
  'core.ignorecase=false',
  'core.precomposeunicode=false',
  'core.quotepath=false',
  'core.attributesFile=/dev/null',
  'core.splitIndex=false',
  'core.sparseCheckout=false',
  'core.longpaths=true',
  'index.threads=1',
  'gc.auto=0',
  'maintenance.auto=false',
  'diff.renames=false',
  'feature.manyFiles=false',
];

/** The settings as `-c` arguments, then the git command's own arguments. */
export function isolatedArguments(args: readonly string[], excludesFile: string = os.devNull): string[] {
  const settings = [...ISOLATION_SETTINGS, `core.excludesFile=${excludesFile}`];
  return [...settings.flatMap((setting) => ['-c', setting]), ...args];
}

/**
 * git's environment for the store: no variable of codev's own git (GIT_*) survives, no user or system config is
 * read, and the repository, work tree and index are the ones given.
 */
export function checkpointGitEnvironment(options: { store: string; root?: string; index?: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('GIT_')) env[name] = value;
  Object.assign(env, {
    GIT_DIR: options.store,
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_PAGER: 'cat',
    GIT_NO_REPLACE_OBJECTS: '1',
    LC_ALL: 'C',
    LANGUAGE: 'C',
  });
  if (options.root !== undefined) env.GIT_WORK_TREE = options.root;
  if (options.index !== undefined) env.GIT_INDEX_FILE = options.index;
  return env;
}
