/**
 * Variables a leading `NAME=value` may set without an allow rule having to spell it out
 * (`NODE_ENV=test npm test` is allowed by `Bash(npm test)`). Only variables that change formatting, locale
 * or build targets: never `PATH`, `LD_PRELOAD`, `NODE_OPTIONS`, `GIT_SSH_COMMAND`, `PAGER` or anything
 * else that can make a program run other code.
 */
export const SAFE_ENVIRONMENT_VARIABLES: ReadonlySet<string> = new Set([
  'BLOCKSIZE',
  'BLOCK_SIZE',
  'CGO_ENABLED',
  'CHARSET',
  'CI',
  'COLORTERM',
  'COLUMNS',
  'FORCE_COLOR',
  'GCC_COLORS',
  'GO111MODULE',
  'GOARCH',
  'GOEXPERIMENT',
  'GOOS',
  'GREP_COLOR',
  'GREP_COLORS',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_COLLATE',
  'LC_CTYPE',
  'LC_MESSAGES',
  'LC_NUMERIC',
  'LC_TIME',
  'LINES',
  'LSCOLORS',
  'LS_COLORS',
  'NODE_ENV',
  'NO_COLOR',
  'PYTHONDONTWRITEBYTECODE',
  'PYTHONUNBUFFERED',
  'PYTEST_DISABLE_PLUGIN_AUTOLOAD',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'TERM',
  'TIME_STYLE',
  'TZ',
]);
