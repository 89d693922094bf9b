import type { ShellWord } from '../types.ts';

/** One option a git subcommand accepts. */
export interface GitOptionSpec {
  /** `--list`. */
  long?: string;
  /** `l`. */
  short?: string;
  /** `required` takes the next word when none is attached; `optional` only an attached one (`--color=always`, `-n5`). */
  value: 'required' | 'optional' | 'none';
}

export interface ParsedGitOption {
  spec: GitOptionSpec;
  /** Written `--no-…`. */
  negated: boolean;
  value?: ShellWord;
}

export interface ParsedGitOptions {
  options: ParsedGitOption[];
  operands: ShellWord[];
  /** How many of `operands` came before a `--` (absent without one): those after it are paths. */
  beforeSeparator?: number;
  /** An option `specs` does not name (or names ambiguously), or a word known only at run time that may be one. */
  unknown: boolean;
}

/**
 * Reads the words after a git subcommand against the complete list of its options, as parse-options
 * does: long options through any unambiguous prefix, `--no-` negations, `--name=value` and `--name value`,
 * short ones bundled (`-vv`, `-n5`), `--` ending options.
 */
export function readGitParseOptions(args: readonly ShellWord[], specs: readonly GitOptionSpec[]): ParsedGitOptions {
  const result: ParsedGitOptions = { options: [], operands: [], unknown: false };
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    if (word.dynamic || word.glob) result.unknown = true;
    if (word.value === '--') {
      result.beforeSeparator = result.operands.length;
      result.operands.push(...args.slice(index + 1));
      break;
    }
    if (!word.value.startsWith('-') || word.value === '-') result.operands.push(word);
    else index += word.value.startsWith('--') ? readLong(args, index, { specs, result }) : readShort(args, index, { specs, result });
  }
  return result;
}

interface Reading {
  specs: readonly GitOptionSpec[];
  result: ParsedGitOptions;
}

/** Reads the long option at `index`; returns how many value words it took. */
function readLong(args: readonly ShellWord[], index: number, { specs, result }: Reading): number {
  const word = args[index]!;
  const equals = word.value.indexOf('=');
  const name = equals === -1 ? word.value : word.value.slice(0, equals);
  const resolved = resolveLong(name, specs);
  if (!resolved) {
    result.unknown = true;
    return 0;
  }
  if (equals !== -1) {
    result.options.push({ ...resolved, value: { ...word, value: word.value.slice(equals + 1) } });
    return 0;
  }
  const takesNext = resolved.spec.value === 'required' && !resolved.negated && index + 1 < args.length;
  result.options.push({ ...resolved, ...(takesNext ? { value: args[index + 1]! } : {}) });
  return takesNext ? 1 : 0;
}

function resolveLong(name: string, specs: readonly GitOptionSpec[]): { spec: GitOptionSpec; negated: boolean } | undefined {
  const positive = name.startsWith('--no-') ? `--${name.slice(5)}` : undefined;
  const exact = specs.find((spec) => spec.long === name);
  if (exact) return { spec: exact, negated: false };
  const negatedExact = positive === undefined ? undefined : specs.find((spec) => spec.long === positive);
  if (negatedExact) return { spec: negatedExact, negated: true };
  const candidates = [
    ...specs.filter((spec) => spec.long?.startsWith(name)).map((spec) => ({ spec, negated: false })),
    ...(positive === undefined ? [] : specs.filter((spec) => spec.long?.startsWith(positive)).map((spec) => ({ spec, negated: true }))),
  ];
  return name.length > 2 && candidates.length === 1 ? candidates[0] : undefined;
}

/** Reads the short bundle at `index`; returns how many value words it took. */
function readShort(args: readonly ShellWord[], index: number, { specs, result }: Reading): number {
  const text = args[index]!.value;
  for (let position = 1; position < text.length; position++) {
    const spec = specs.find((candidate) => candidate.short === text[position]);
    if (!spec) {
      result.unknown = true;
      return 0;
    }
    const attached = text.slice(position + 1);
    if (spec.value === 'none') {
      result.options.push({ spec, negated: false });
      continue;
    }
    if (attached !== '' || spec.value === 'optional') {
      result.options.push({ spec, negated: false, ...(attached === '' ? {} : { value: { ...args[index]!, value: attached } }) });
      return 0;
    }
    const value = args[index + 1];
    result.options.push({ spec, negated: false, ...(value ? { value } : {}) });
    return value ? 1 : 0;
  }
  return 0;
}
