/** The options a command accepts before its operands, as far as finding where they end needs. */
export interface OptionSpec {
  /** Short options that take a value, attached (`-n5`) or as the next word (`-n 5`). */
  shortWithValue?: string;
  /** Short options whose value, if any, must be attached (`xargs -i{}`). */
  shortOptionalValue?: string;
  /** Short options without a value. */
  shortFlags?: string;
  /** Long options that take a value, as `--name=value` or `--name value`. */
  longWithValue?: readonly string[];
  /** Long options without a separate value (`--name=value` is still accepted). */
  longFlags?: readonly string[];
  /** `-5` is an option (nice's legacy form). */
  numericOption?: boolean;
  /** A lone `-` is an option (env's `-` ≡ `-i`). */
  loneDash?: boolean;
}

export interface SkippedOptions {
  /** The index in `words` of the first word after the options (and after a `--`). */
  next: number;
  /** The options seen, in order; a short cluster `-pv` gives `-p` and `-v`. */
  options: { name: string; value?: string }[];
  /** Some option was not in the spec, so where the operands start is a guess. */
  unknown: boolean;
}

interface Reader {
  words: readonly string[];
  spec: OptionSpec;
  result: SkippedOptions;
}

/** Skips the options at the start of `words` (the words after a command name). */
export function skipOptions(words: readonly string[], spec: OptionSpec): SkippedOptions {
  const reader: Reader = { words, spec, result: { next: 0, options: [], unknown: false } };
  let index = 0;
  while (index < words.length) {
    const word = words[index]!;
    if (word === '--') {
      index++;
      break;
    }
    if (word === '-' && spec.loneDash) {
      reader.result.options.push({ name: '-' });
      index++;
      continue;
    }
    if (!word.startsWith('-') || word === '-') break;
    index = word.startsWith('--') ? readLong(reader, index) : readShort(reader, index);
  }
  reader.result.next = index;
  return reader.result;
}

function readLong({ words, spec, result }: Reader, index: number): number {
  const word = words[index]!;
  const equals = word.indexOf('=');
  const name = equals === -1 ? word : word.slice(0, equals);
  const takesValue = spec.longWithValue?.includes(name) ?? false;
  if (!takesValue && !(spec.longFlags?.includes(name) ?? false)) result.unknown = true;
  if (equals !== -1) {
    result.options.push({ name, value: word.slice(equals + 1) });
    return index + 1;
  }
  if (takesValue) {
    result.options.push({ name, value: words[index + 1] });
    return index + 2;
  }
  result.options.push({ name });
  return index + 1;
}

function readShort({ words, spec, result }: Reader, index: number): number {
  const word = words[index]!;
  if (spec.numericOption && /^-\d+$/.test(word)) {
    result.options.push({ name: '-n', value: word.slice(1) });
    return index + 1;
  }
  for (let position = 1; position < word.length; position++) {
    const letter = word[position]!;
    const name = `-${letter}`;
    const attached = word.slice(position + 1);
    if (spec.shortWithValue?.includes(letter)) {
      if (attached !== '') {
        result.options.push({ name, value: attached });
        return index + 1;
      }
      result.options.push({ name, value: words[index + 1] });
      return index + 2;
    }
    if (spec.shortOptionalValue?.includes(letter)) {
      result.options.push(attached === '' ? { name } : { name, value: attached });
      return index + 1;
    }
    if (!spec.shortFlags?.includes(letter)) result.unknown = true;
    result.options.push({ name });
  }
  return index + 1;
}
