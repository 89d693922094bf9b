import type { FileEffect } from './programs/types.ts';
import { literalWord } from './read-word.ts';
import { skipOptions } from './skip-options.ts';
import type { ShellWord } from './types.ts';
import { WRAPPER_COMMANDS, commandBaseName, type WrapperSpec } from './wrapper-commands.ts';

export interface StrippedCommand {
  /** The command that actually runs. */
  argv: ShellWord[];
  /** The wrappers removed, outermost first. */
  wrappers: string[];
  /** Variables set by `env NAME=value` or `sudo NAME=value`. */
  assignments: { name: string; value: string }[];
  /** A wrapper option we do not know, or a split string: where the real command starts is a guess. */
  uncertain: boolean;
  /** xargs appends its input to the command's arguments. */
  appendedArguments: boolean;
  /** xargs feeds it its input: a shell it starts runs text nobody has seen. */
  runsInput: boolean;
  /** Files the wrappers' options name (`xargs -a F`, `time -o F`). */
  files: FileEffect[];
  /** A folder a wrapper runs the command in (`env -C DIR`), where its relative names are not where they seem. */
  chdir?: string;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * Removes wrappers (`timeout 5`, `nice -n 5`, `env FOO=1`, `sudo -u x`, `xargs -0`, …) from the front of an
 * argv, repeatedly, so `sudo timeout 5 rm x` yields `rm x`. A wrapper with nothing after it stays: `env`
 * alone prints the environment.
 */
export function stripWrappers(words: readonly ShellWord[]): StrippedCommand {
  const result: StrippedCommand = { argv: [...words], wrappers: [], assignments: [], uncertain: false, appendedArguments: false, runsInput: false, files: [] };
  for (;;) {
    const first = result.argv[0];
    if (!first || first.dynamic) return result;
    const name = commandBaseName(first.value);
    const spec = Object.hasOwn(WRAPPER_COMMANDS, name) ? WRAPPER_COMMANDS[name] : undefined;
    if (!spec || !stripOne(result, { name, spec })) return result;
  }
}

function stripOne(result: StrippedCommand, { name, spec }: { name: string; spec: WrapperSpec }): boolean {
  const values = result.argv.map((word) => word.value);
  const skipped = skipOptions(values.slice(1), spec.options);
  if (skipped.options.some((option) => spec.notWrapperWith?.includes(option.name))) return false;
  if (spec.scanAllWords && values.slice(1).some((value) => spec.notWrapperWith?.some((option) => value === option || value.startsWith(`${option}=`)))) return false;
  let index = skipped.next + 1;
  const assignments: { name: string; value: string }[] = [];
  while (spec.takesAssignments && index < values.length) {
    const match = ASSIGNMENT.exec(values[index]!);
    if (!match) break;
    assignments.push({ name: match[1]!, value: match[2]! });
    index++;
  }
  index += spec.positional ?? 0;
  const split = skipped.options.filter((option) => spec.splitString?.includes(option.name) && option.value !== undefined);
  const splitWords = split.flatMap((option) => option.value!.split(/\s+/).filter(Boolean)).map(literalWord);
  const rest = [...splitWords, ...result.argv.slice(index)];
  if (rest.length === 0) return false;
  const dynamic = result.argv.slice(1, index).some((word) => word.dynamic);
  addOptionFiles(result, { spec, options: skipped.options, dynamic });
  result.argv = rest;
  result.wrappers.push(name);
  result.assignments.push(...assignments);
  if (skipped.unknown || split.length > 0) result.uncertain = true;
  if (spec.appendsInput) {
    result.runsInput = true;
    const replaced = skipped.options.filter((option) => spec.appendsInput!.replaceOptions.includes(option.name)).map((option) => option.value || '{}');
    result.appendedArguments = replaced.length === 0;
    // `xargs -I R cmd R`: a word holding R is an input line, a name only the run knows (as find's `{}`).
    result.argv = result.argv.map((word) => (replaced.some((text) => word.value.includes(text)) ? { ...word, dynamic: true } : word));
  }
  return true;
}

/** The files and folder a wrapper's options name; a value from a word only known at run time stays dynamic. */
function addOptionFiles(result: StrippedCommand, { spec, options, dynamic }: { spec: WrapperSpec; options: readonly { name: string; value?: string }[]; dynamic: boolean }): void {
  const valuesOf = (names: readonly string[] | undefined) => options.filter((option) => names?.includes(option.name) && option.value !== undefined).map((option) => ({ ...literalWord(option.value!), dynamic }));
  for (const word of valuesOf(spec.readOptions)) result.files.push({ word, access: 'read', via: 'option' });
  for (const word of valuesOf(spec.writeOptions)) result.files.push({ word, access: 'write', via: 'option' });
  const chdir = valuesOf(spec.chdirOptions).at(-1);
  if (chdir) result.chdir = chdir.value;
}
