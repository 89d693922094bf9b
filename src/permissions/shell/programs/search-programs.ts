import type { ProgramSpec } from './program-spec.ts';

const GREP: ProgramSpec = {
  operands: 'read',
  readOnly: true,
  defaultOperand: '.',
  arguments: {
    shortWithValue: 'efmABCdD',
    longWithValue: ['regexp', 'file', 'max-count', 'after-context', 'before-context', 'context', 'directories', 'devices', 'include', 'exclude', 'exclude-dir', 'exclude-from', 'label', 'binary-files', 'color', 'colour', 'group-separator'],
    longFlags: ['recursive', 'dereference-recursive'],
  },
  patternFirst: ['-e', '--regexp', '-f', '--file'],
  readOptions: ['-f', '--file', '--exclude-from'],
  recursiveOptions: ['-r', '-R', '--recursive', '--dereference-recursive', '-d=recurse', '--directories=recurse'],
};

const RIPGREP: ProgramSpec = {
  operands: 'read',
  readOnly: true,
  recursive: true,
  defaultOperand: '.',
  arguments: {
    shortWithValue: 'efgtTmABCjMdErE',
    longWithValue: ['regexp', 'file', 'glob', 'iglob', 'type', 'type-not', 'type-add', 'type-clear', 'max-count', 'after-context', 'before-context', 'context', 'threads', 'max-columns', 'max-depth', 'maxdepth', 'encoding', 'engine', 'pre', 'pre-glob', 'replace', 'sort', 'sortr', 'colors', 'color', 'path-separator', 'ignore-file', 'max-filesize', 'dfa-size-limit', 'regex-size-limit', 'context-separator', 'field-match-separator', 'field-context-separator', 'hostname-bin', 'hyperlink-format', 'generate'],
  },
  patternFirst: ['-e', '--regexp', '-f', '--file', '--files', '--type-list'],
  readOptions: ['-f', '--file', '--ignore-file'],
  runOptions: ['--pre', '--hostname-bin'],
};

/** Searchers: the first operand is the pattern (unless an option gave it), the rest are files or folders. */
export const SEARCH_PROGRAMS: Readonly<Record<string, ProgramSpec>> = {
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: RIPGREP,
  ag: { operands: 'read', readOnly: true, recursive: true, defaultOperand: '.', arguments: { shortWithValue: 'GgABCmpW', longWithValue: ['file-search-regex', 'ignore', 'ignore-dir', 'after', 'before', 'context', 'max-count', 'path-to-ignore', 'pager', 'depth', 'width'] }, patternFirst: [], readOptions: ['-p', '--path-to-ignore'], runOptions: ['--pager'] },
  ack: { operands: 'read', readOnly: true, recursive: true, defaultOperand: '.', arguments: { shortWithValue: 'ABCmg', longWithValue: ['after-context', 'before-context', 'context', 'max-count', 'pager', 'output', 'type', 'ignore-dir', 'ignore-file', 'match', 'ackrc'] }, patternFirst: ['--match', '-f', '-g'], readOptions: ['--ackrc'], runOptions: ['--pager'] },
  fd: { operands: 'list', readOnly: true, defaultOperand: '.', arguments: { shortWithValue: 'deEtxXjScop', longWithValue: ['max-depth', 'min-depth', 'extension', 'exclude', 'type', 'exec', 'exec-batch', 'threads', 'size', 'changed-within', 'changed-before', 'owner', 'color', 'ignore-file', 'base-directory', 'path-separator', 'format', 'search-path', 'batch-size'] }, patternFirst: [], runOptions: ['-x', '--exec', '-X', '--exec-batch'], unsafeOptions: ['--base-directory'] },
};
