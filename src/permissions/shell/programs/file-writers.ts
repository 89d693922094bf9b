import type { ProgramSpec } from './program-spec.ts';

const RECURSIVE = ['-r', '-R', '--recursive'];

/**
 * Programs whose purpose is changing the files they are given. `editsFiles` marks the ones acceptEdits
 * approves inside the working directories (Claude Code's list: mkdir, touch, rm, rmdir, mv, cp, sed; and
 * tee and truncate, which write exactly like a redirect).
 */
export const FILE_WRITERS: Readonly<Record<string, ProgramSpec>> = {
  rm: { operands: 'write', readOnly: false, editsFiles: true, recursiveOptions: [...RECURSIVE] },
  rmdir: { operands: 'write', readOnly: false, editsFiles: true },
  unlink: { operands: 'write', readOnly: false },
  shred: { operands: 'write', readOnly: false, arguments: { shortWithValue: 'ns', longWithValue: ['iterations', 'size', 'random-source'] }, readOptions: ['--random-source'] },
  touch: { operands: 'write', readOnly: false, editsFiles: true, arguments: { shortWithValue: 'drt', longWithValue: ['date', 'reference', 'time'] }, readOptions: ['-r', '--reference'] },
  mkdir: { operands: 'write', readOnly: false, editsFiles: true, arguments: { shortWithValue: 'm', longWithValue: ['mode', 'context'] } },
  truncate: { operands: 'write', readOnly: false, editsFiles: true, arguments: { shortWithValue: 'sr', longWithValue: ['size', 'reference'] }, readOptions: ['-r', '--reference'] },
  tee: { operands: 'write', readOnly: false, editsFiles: true, arguments: { longFlags: ['output-error', 'append', 'ignore-interrupts'] } },
  mv: { operands: 'move', readOnly: false, editsFiles: true, arguments: { shortWithValue: 'St', longWithValue: ['suffix', 'target-directory', 'backup'] }, targetOptions: ['-t', '--target-directory'] },
  cp: {
    operands: 'copy',
    readOnly: false,
    editsFiles: true,
    arguments: { shortWithValue: 'St', longWithValue: ['suffix', 'target-directory', 'sparse', 'reflink', 'preserve', 'no-preserve', 'backup'] },
    targetOptions: ['-t', '--target-directory'],
    recursiveOptions: [...RECURSIVE, '-a', '--archive'],
    linkOptions: ['-l', '--link', '-s', '--symbolic-link'],
  },
  install: {
    operands: 'copy',
    readOnly: false,
    arguments: { shortWithValue: 'gmoStZ', longWithValue: ['group', 'mode', 'owner', 'suffix', 'target-directory', 'strip-program', 'backup', 'context'] },
    targetOptions: ['-t', '--target-directory'],
    runOptions: ['--strip-program'],
  },
  ln: { operands: 'link', readOnly: false, arguments: { shortWithValue: 'St', longWithValue: ['suffix', 'target-directory', 'backup'] }, targetOptions: ['-t', '--target-directory'] },
  chmod: { operands: 'write', readOnly: false, leadingArguments: { count: 1, unless: ['--reference'] }, arguments: { longWithValue: ['reference'] }, readOptions: ['--reference'], recursiveOptions: ['-R', '--recursive'] },
  chown: { operands: 'write', readOnly: false, leadingArguments: { count: 1, unless: ['--reference'] }, arguments: { longWithValue: ['reference', 'from'] }, readOptions: ['--reference'], recursiveOptions: ['-R', '--recursive'] },
  chgrp: { operands: 'write', readOnly: false, leadingArguments: { count: 1, unless: ['--reference'] }, arguments: { longWithValue: ['reference'] }, readOptions: ['--reference'], recursiveOptions: ['-R', '--recursive'] },
  split: { operands: 'copy', readOnly: false, arguments: { shortWithValue: 'abCln', longWithValue: ['suffix-length', 'bytes', 'line-bytes', 'lines', 'number', 'additional-suffix', 'numeric-suffixes', 'hex-suffixes', 'separator', 'filter'] }, runOptions: ['--filter'] },
  gzip: { operands: 'write', readOnly: false, arguments: { shortWithValue: 'S', longWithValue: ['suffix'] } },
  gunzip: { operands: 'write', readOnly: false, arguments: { shortWithValue: 'S', longWithValue: ['suffix'] } },
  bzip2: { operands: 'write', readOnly: false },
  xz: { operands: 'write', readOnly: false },
  zstd: { operands: 'write', readOnly: false, arguments: { shortWithValue: 'o', longWithValue: ['output'] }, writeOptions: ['-o'] },
};
