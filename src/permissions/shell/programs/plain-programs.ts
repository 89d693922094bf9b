import type { ProgramSpec } from './program-spec.ts';

const plain: ProgramSpec = { operands: 'none', readOnly: true };

/**
 * Programs and builtins that touch no file their words name and only print (or test): read-only, unless
 * one of the options listed changes something (`date -s`, `hostname NAME`, which the dispatcher checks).
 */
export const PLAIN_PROGRAMS: Readonly<Record<string, ProgramSpec>> = {
  echo: plain,
  printf: { ...plain, arguments: { shortWithValue: 'v', optionsFirst: true } },
  true: plain,
  false: plain,
  ':': plain,
  pwd: plain,
  test: plain,
  '[': plain,
  '[[': plain,
  seq: plain,
  yes: plain,
  sleep: plain,
  whoami: plain,
  id: plain,
  uname: plain,
  uptime: plain,
  free: plain,
  nproc: plain,
  arch: plain,
  groups: plain,
  locale: plain,
  ps: plain,
  pgrep: plain,
  lsof: plain,
  which: plain,
  type: plain,
  whereis: plain,
  basename: plain,
  dirname: plain,
  realpath: plain,
  readlink: plain,
  printenv: plain,
  env: plain,
  tr: plain,
  cd: plain,
  pushd: plain,
  popd: plain,
  date: { ...plain, arguments: { shortWithValue: 'dfrsI', longWithValue: ['date', 'file', 'reference', 'set', 'iso-8601', 'rfc-3339'] }, readOptions: ['-f', '--file', '-r', '--reference'], unsafeOptions: ['-s', '--set'] },
  hostname: { ...plain, arguments: { shortWithValue: 'F', longWithValue: ['file'] }, unsafeOptions: ['-F', '--file', '-b', '--boot'] },
  command: { ...plain, arguments: { optionsFirst: true } },
};
