import type { GitOptionRule } from './git-option-rule.ts';

/** Options naming a program git runs (locally, through the shell, with the repository path appended). */
export const REMOTE_PROGRAM_RULES: readonly GitOptionRule[] = [
  { long: '--upload-pack', value: 'required', effect: 'runs', opaque: 'git runs the program given to --upload-pack' },
  { long: '--receive-pack', value: 'required', effect: 'runs', opaque: 'git runs the program given to --receive-pack' },
  { long: '--exec', value: 'required', effect: 'runs', opaque: 'git runs the program given to --exec' },
];

/** Options every read-only subcommand is checked for (most of them take the diff options). */
export const COMMON_RULES: readonly GitOptionRule[] = [
  { long: '--output', value: 'required', effect: 'write' },
  // The external diff and textconv programs come from configuration, and these turn them on.
  { long: '--ext-diff', value: 'none', effect: 'runs' },
  { long: '--textconv', value: 'none', effect: 'runs', exceptions: ['--text'] },
  // `git log --help` opens the manual, in a browser when help.format says so.
  { long: '--help', value: 'none', effect: 'runs' },
  ...REMOTE_PROGRAM_RULES,
];

/** log, show, diff and the rest of the revision-walking and diff family. */
export const LOG_RULES: readonly GitOptionRule[] = [
  ...COMMON_RULES,
  { short: 'O', value: 'required', effect: 'read' },
  { short: 'L', value: 'required', effect: 'read', pathAfterColon: true },
];

export const GREP_RULES: readonly GitOptionRule[] = [
  ...COMMON_RULES,
  { short: 'O', value: 'optional', effect: 'runs', opaque: 'git grep -O runs the given program on the matching files' },
  { long: '--open-files-in-pager', value: 'optional', effect: 'runs', opaque: 'git grep --open-files-in-pager runs the given program on the matching files' },
  { short: 'f', value: 'required', effect: 'read' },
];

export const BLAME_RULES: readonly GitOptionRule[] = [
  ...COMMON_RULES,
  { long: '--contents', value: 'required', effect: 'read' },
  { long: '--ignore-revs-file', value: 'required', effect: 'read' },
  { short: 'S', value: 'required', effect: 'read' },
];

export const LS_FILES_RULES: readonly GitOptionRule[] = [
  ...COMMON_RULES,
  { short: 'X', value: 'required', effect: 'read' },
  { long: '--exclude-from', value: 'required', effect: 'read' },
];

export const CAT_FILE_RULES: readonly GitOptionRule[] = [...COMMON_RULES, { long: '--filters', value: 'none', effect: 'runs' }];

/** `git apply --build-fake-ancestor=FILE` writes an index file there. */
export const APPLY_RULES: readonly GitOptionRule[] = [{ long: '--build-fake-ancestor', value: 'required', effect: 'write' }];

const TEMPLATE: GitOptionRule = { long: '--template', value: 'required', effect: 'runs', opaque: 'git runs the hooks of the --template folder' };
const OUTPUT: GitOptionRule = { long: '--output', value: 'required', effect: 'write' };

/** Options of subcommands that are not read-only anyway, worth telling apart (files written, programs run). */
export const OTHER_SUBCOMMAND_RULES: Readonly<Record<string, readonly GitOptionRule[]>> = {
  clone: [
    ...REMOTE_PROGRAM_RULES,
    { short: 'u', value: 'required', effect: 'runs', opaque: 'git runs the program given to --upload-pack' },
    { short: 'c', value: 'required', effect: 'runs', opaque: 'git clone -c sets configuration that can run programs' },
    { long: '--config', value: 'required', effect: 'runs', opaque: 'git clone -c sets configuration that can run programs' },
    TEMPLATE,
  ],
  init: [TEMPLATE],
  'format-patch': [...COMMON_RULES, { short: 'o', value: 'required', effect: 'write', recursive: true }, { long: '--output-directory', value: 'required', effect: 'write', recursive: true }],
  archive: [...REMOTE_PROGRAM_RULES, OUTPUT, { short: 'o', value: 'required', effect: 'write' }],
};
