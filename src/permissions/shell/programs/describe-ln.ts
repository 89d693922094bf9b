import path from 'node:path';
import type { ShellWord } from '../types.ts';
import { FILE_WRITERS } from './file-writers.ts';
import { describeWithSpec } from './program-spec.ts';
import { hasOption, optionValues, readArguments } from './read-arguments.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

const LN = FILE_WRITERS.ln!;

/**
 * `ln` as its spec says (each source written whole: a link is written through), and for a symbolic link
 * whose target is relative, the target as the kernel reads it: from the folder the link is in, not from
 * where `ln` ran (`cd a/b && ln -s ../../config ../c` makes `a/c` lead to `config`). That folder is the
 * `-t` folder, a last operand written as a folder (`dir/`, `.`, `..`), or else the last operand's parent
 * (a last operand that is an existing folder without a trailing slash is not told apart). `-r` targets are
 * made relative by ln itself and are read from where it ran, as given.
 */
export const describeLn: DescribeProgram = (args) => {
  const effects = describeWithSpec(LN, args);
  const read = readArguments(args, LN.arguments);
  if (!hasOption(read.options, ['-s', '--symbolic']) || hasOption(read.options, ['-r', '--relative'])) return effects;
  const targets = optionValues(read.options, LN.targetOptions);
  const sources = targets.length > 0 ? read.operands : read.operands.slice(0, -1);
  const places = targets.length > 0 ? targets : read.operands.slice(-1).map(linkFolder);
  const extra: FileEffect[] = [];
  for (const source of sources) {
    if (path.posix.isAbsolute(source.value) || source.value === '~' || source.value.startsWith('~/')) continue;
    // A link made in the folder ln runs in reads its target from there: the spec's own effect already says so.
    for (const place of places) if (place.value !== '.') extra.push({ word: joined(place, source), access: 'write', via: 'operand', recursive: true });
  }
  return { ...effects, files: [...effects.files, ...extra] };
};

/** The folder a link named by `last` is made in. */
function linkFolder(last: ShellWord): ShellWord {
  const value = last.value;
  if (value.endsWith('/') || value === '.' || value === '..') return last;
  return { ...last, value: path.posix.dirname(value) };
}

/** `target` as seen from `folder`, `..` kept for the check to resolve through the links before it. */
function joined(folder: ShellWord, target: ShellWord): ShellWord {
  const value = `${folder.value.replace(/\/+$/, '')}/${target.value}`;
  return { ...target, value, dynamic: folder.dynamic || target.dynamic, userTilde: folder.userTilde || target.userTilde, glob: folder.glob || target.glob };
}
