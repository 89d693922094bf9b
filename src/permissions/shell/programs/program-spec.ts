import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { hasOption, optionValues, readArguments, type ArgumentSpec, type ReadArguments } from './read-arguments.ts';
import type { FileEffect, ProgramEffects } from './types.ts';

/**
 * A program described by data: what its operands are, which options read or write a file, which run a
 * program, which make it recursive. Option names are written as typed (`-o`, `--output`); a long option
 * is found through any abbreviation, and an unknown prefix of a listed one counts as it (fail closed).
 */
export interface ProgramSpec {
  /**
   * Its operands: files it reads, files it writes, folders (or files) whose names it lists, files it copies
   * (`copy`: the last operand is written, the others read), links it makes (`link`: the last operand is
   * written, and so are its targets, which the link lets anyone write through), files it moves (`move`: every
   * operand is written), or no files at all. A folder moved or linked to gives everything in it a new name, so
   * the sources of `move` and `link` are written whole (the rules on what is below them apply).
   */
  operands: 'read' | 'write' | 'list' | 'copy' | 'link' | 'move' | 'none';
  /** What it reads without file operands: `.` for listings and recursive searches. */
  defaultOperand?: string;
  arguments?: ArgumentSpec;
  /** The first operand is a pattern or a program, unless one of these options gave it (`grep -e`, `jq -f`). */
  patternFirst?: readonly string[];
  /** Leading operands that are not files (`chmod MODE`, `chown OWNER`), unless one of these options is present (`--reference`). */
  leadingArguments?: { count: number; unless?: readonly string[] };
  /** The operand after this many others is written, not read (`uniq IN OUT`, `xxd IN OUT`). */
  writesOperandAt?: number;
  /** Options whose value is a file it writes (`sort -o F`) or reads (`grep -f F`). */
  writeOptions?: readonly string[];
  readOptions?: readonly string[];
  /** Options whose value is a file listing the files it reads (`sort --files0-from F`): those are named nowhere in its words. */
  namesFromOptions?: readonly string[];
  /** Options whose value is a folder its operands are copied or moved into (`cp -t DIR`). */
  targetOptions?: readonly string[];
  /** Options that make it change something (`date -s`): then it is not read-only. */
  unsafeOptions?: readonly string[];
  /** Options whose value is a program or command it runs (`rg --pre`, `sort --compress-program`). */
  runOptions?: readonly string[];
  /** Options that make a `copy` link its sources instead (`cp -l`, `cp -s`): they are then written, as `ln`'s are. */
  linkOptions?: readonly string[];
  /** Options that make it read (or write) whole folders (`grep -r`, `rm -r`). */
  recursiveOptions?: readonly string[];
  /** Always reads whole folders (`rg`, `ag`). */
  recursive?: boolean;
  /** Only reads and prints (for a writer, false). */
  readOnly: boolean;
  /** Changes files as its purpose: acceptEdits approves it inside the working directories. */
  editsFiles?: boolean;
}

/** Describes an invocation of a program from its spec. */
export function describeWithSpec(spec: ProgramSpec, args: readonly ShellWord[]): ProgramEffects {
  const read = readArguments(args, spec.arguments);
  const options = read.options;
  const recursive = spec.recursive === true || hasOption(options, spec.recursiveOptions);
  const targets = optionValues(options, spec.targetOptions);
  const kind = hasOption(options, spec.linkOptions) ? 'link' : spec.operands;
  const files = operandEffects({ spec, kind, read, recursive, patternGiven: hasOption(options, spec.patternFirst), argumentsGiven: hasOption(options, spec.leadingArguments?.unless), targets });
  for (const word of optionValues(options, spec.readOptions)) files.push({ word, access: 'read', via: 'option' });
  for (const word of optionValues(options, spec.writeOptions)) files.push({ word, access: 'write', via: 'option' });
  const writesOperand = spec.writesOperandAt !== undefined && files.some((effect) => effect.access === 'write' && effect.via === 'operand');
  const runs = hasOption(options, spec.runOptions);
  const readOnly = spec.readOnly && !runs && !writesOperand && !hasOption(options, spec.unsafeOptions) && !hasOption(options, spec.writeOptions);
  const opaque = runs ? `it runs a program named by an option (${optionValues(options, spec.runOptions).map((word) => word.value).join(', ') || 'without a value'})` : undefined;
  const unnamedFiles = hasOption(options, spec.namesFromOptions) ? `it reads the files named in ${optionValues(options, spec.namesFromOptions).map((word) => word.value).join(', ') || 'a list'}` : undefined;
  return { readOnly, files, opaque, editsFiles: spec.editsFiles, ...(unnamedFiles ? { unnamedFiles } : {}) };
}

function operandEffects(options: { spec: ProgramSpec; kind: ProgramSpec['operands']; read: ReadArguments; recursive: boolean; patternGiven: boolean; argumentsGiven: boolean; targets: ShellWord[] }): FileEffect[] {
  const { spec, read, recursive } = options;
  let operands = read.operands.filter((word) => word.value !== '-');
  if (spec.patternFirst && !options.patternGiven) operands = read.operands.slice(1).filter((word) => word.value !== '-');
  if (spec.leadingArguments && !options.argumentsGiven) operands = operands.slice(spec.leadingArguments.count);
  if (operands.length === 0 && spec.defaultOperand !== undefined && (spec.operands === 'list' || recursive)) operands = [literalWord(spec.defaultOperand)];
  const effect = (word: ShellWord, access: 'read' | 'write'): FileEffect => ({ word, access, via: 'operand', ...(recursive && spec.operands !== 'list' ? { recursive: true } : {}) });
  switch (options.kind) {
    case 'none':
      return [];
    case 'read':
    case 'list':
      // A `-` (standard input) still takes its place: `uniq - OUT`, `xxd -r - OUT` write OUT.
      return operands.map((word) => effect(word, spec.writesOperandAt !== undefined && word === positional(options)[spec.writesOperandAt] ? 'write' : 'read'));
    case 'write':
      return [...operands, ...options.targets].map((word) => effect(word, 'write'));
    case 'copy':
    case 'link':
    case 'move': {
      const destinations = options.targets.length > 0 ? options.targets : operands.slice(-1);
      const sources = options.targets.length > 0 ? operands : operands.slice(0, -1);
      // A link can be written through: making one needs what writing its target needs (`ln -s .git g`); and
      // what is in a folder moved or linked to is reached by the new name (`mv config c && cat c/.env`).
      const source = (word: ShellWord): FileEffect => (options.kind === 'copy' ? effect(word, 'read') : { word, access: 'write', via: 'operand', recursive: true });
      return [...sources.map(source), ...destinations.map((word): FileEffect => ({ word, access: 'write', via: 'operand' }))];
    }
  }
}

/** The operands in their places, a `-` included. */
function positional(options: { spec: ProgramSpec; read: ReadArguments; patternGiven: boolean }): ShellWord[] {
  return options.spec.patternFirst && !options.patternGiven ? options.read.operands.slice(1) : options.read.operands;
}
