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
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * Removes wrappers (`timeout 5`, `nice -n 5`, `env FOO=1`, `sudo -u x`, `xargs -0`, …) from the front of an
 * argv, repeatedly, so `sudo timeout 5 rm x` yields `rm x`. A wrapper with nothing after it stays: `env`
 * alone prints the environment.
 */
export function stripWrappers(words: readonly ShellWord[]): StrippedCommand {
  const result: StrippedCommand = { argv: [...words], wrappers: [], assignments: [], uncertain: false, appendedArguments: false, runsInput: false };
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
