/** Commands that only read, whatever their arguments (besides the checks in `isReadOnlySimpleCommand`). */
export const READ_ONLY_COMMANDS: ReadonlySet<string> = new Set([
  'ls', 'cat', 'head', 'tail', 'wc', 'pwd', 'echo', 'printf', 'which', 'type', 'whoami', 'id', 'date', 'uname',
  'hostname', 'printenv', 'file', 'stat', 'du', 'df', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'diff', 'cmp', 'cut',
  'tr', 'nl', 'basename', 'dirname', 'realpath', 'readlink', 'true', 'false', 'test', '[', 'seq', 'jq', 'column',
  'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'base64', 'od', 'hexdump', 'strings', 'ps', 'uptime',
  'free', 'cd', 'sleep', 'tac', 'rev', 'fold', 'expand', 'paste', 'comm', 'join', 'less', 'more', 'groups',
  'locale', 'nproc', 'arch', 'lsof', 'pgrep', 'whereis', 'command',
]);

/** Options of otherwise read-only commands that write or run something. */
export const WRITING_OPTIONS: Readonly<Record<string, readonly RegExp[]>> = {
  sort: [/^-[a-zA-Z]*o/, /^--output/],
  tree: [/^-[a-zA-Z]*o/, /^--output/],
  find: [/^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/],
  rg: [/^--pre(=|$)/],
  date: [/^-[a-zA-Z]*s/, /^--set/],
  hostname: [/^[^-]/],
  command: [/^[^-]/],
};

/** Commands read-only when their options pass `WRITING_OPTIONS` (and, for `uniq`, at most one file). */
export const CONDITIONALLY_READ_ONLY: ReadonlySet<string> = new Set(['sort', 'tree', 'find', 'uniq', 'sed', 'git']);

/** git subcommands that only read (some with further checks in `isReadOnlyGit`). */
export const READ_ONLY_GIT_SUBCOMMANDS: ReadonlySet<string> = new Set([
  'status', 'log', 'diff', 'show', 'rev-parse', 'ls-files', 'blame', 'describe', 'grep', 'shortlog', 'cat-file',
  'ls-tree', 'show-ref', 'rev-list', 'merge-base', 'name-rev', 'ls-remote', 'whatchanged', 'version', 'help',
  'branch', 'tag', 'remote', 'config', 'stash', 'reflog', 'worktree',
]);
