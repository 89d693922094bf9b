import path from 'node:path';

/** The names `make` looks for in its folder, in its order. */
export const MAKEFILE_NAMES: readonly string[] = ['GNUmakefile', 'makefile', 'Makefile'];
const MAKE_PROGRAMS = new Set(['make', 'gmake']);

/**
 * The makefiles a command line's `make` reads, absolute: the files `-f`/`--file`/`--makefile` name, else
 * `GNUmakefile`, `makefile` and `Makefile` of the folder `-C`/`--directory` names (`baseDirectory` by
 * default), existing or not (one created later would run). Empty when no word is `make`. A makefile's own
 * `include` lines are not followed.
 */
export function makefilesRun(words: readonly string[], baseDirectory: string): string[] {
  const clean = words.map((word) => word.replace(/["']/g, ''));
  return clean.flatMap((word, index) => (MAKE_PROGRAMS.has(path.basename(word)) ? makefilesOf(clean.slice(index + 1), baseDirectory) : []));
}

function makefilesOf(options: readonly string[], baseDirectory: string): string[] {
  let directory = baseDirectory;
  const named: string[] = [];
  for (let index = 0; index < options.length; index += 1) {
    const word = options[index]!;
    const value = (short: string, long: readonly string[]) => {
      if (word === short || long.includes(word)) return options[(index += 1)];
      if (word.startsWith(short) && word.length > short.length && !word.startsWith('--')) return word.slice(short.length);
      return long.map((option) => (word.startsWith(`${option}=`) ? word.slice(option.length + 1) : undefined)).find(Boolean);
    };
    const folder = value('-C', ['--directory']);
    if (folder) directory = path.resolve(directory, folder);
    const file = value('-f', ['--file', '--makefile']);
    if (file) named.push(file);
  }
  return named.length > 0 ? named.map((file) => path.resolve(directory, file)) : MAKEFILE_NAMES.map((name) => path.join(directory, name));
}
