import type { ShellWord } from '../types.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** How an interpreter takes code: options whose value is code, options that take another value, flags that read stdin. */
interface InterpreterSpec {
  /** Options whose value is a program text (`python -c CODE`), and `-e`-style ones attached too (`-eCODE`). */
  code: readonly string[];
  /** Options that take a value that is not code (`python -W arg`, `node --require mod`). */
  withValue?: readonly string[];
  /** Options after which the program comes from a module name, not a file (`python -m http.server`). */
  module?: readonly string[];
}

const SPECS: Readonly<Record<string, InterpreterSpec>> = {
  python: { code: ['-c'], withValue: ['-W', '-X', '-Q'], module: ['-m'] },
  node: { code: ['-e', '--eval', '-p', '--print'], withValue: ['-r', '--require', '--import', '--loader', '--experimental-loader', '--input-type', '--env-file', '-C', '--conditions', '--title'] },
  perl: { code: ['-e', '-E'], withValue: ['-I', '-M', '-m', '-x'] },
  ruby: { code: ['-e'], withValue: ['-I', '-r', '-C', '-E'] },
  php: { code: ['-r', '-B', '-R', '-E'], withValue: ['-c', '-d', '-z'] },
  lua: { code: ['-e'], withValue: ['-l'] },
  Rscript: { code: ['-e'] },
  osascript: { code: ['-e'] },
  pwsh: { code: ['-c', '-Command', '-command', '-EncodedCommand', '-e'] },
  tclsh: { code: [] },
  bun: { code: ['-e', '--eval', '-p', '--print'] },
};

/** The interpreter a program name runs: `python3.12` is python, `nodejs` is node. */
export function interpreterOf(name: string): string | undefined {
  if (/^(?:python[0-9.]*|pypy[0-9.]*)$/.test(name)) return 'python';
  if (name === 'nodejs') return 'node';
  if (/^(?:perl[0-9.]*)$/.test(name)) return 'perl';
  if (/^(?:ruby[0-9.]*)$/.test(name)) return 'ruby';
  if (/^(?:php[0-9.]*)$/.test(name)) return 'php';
  if (/^(?:lua(?:jit|[0-9.]*))$/.test(name)) return 'lua';
  if (name === 'powershell') return 'pwsh';
  return Object.hasOwn(SPECS, name) ? name : undefined;
}

/**
 * An interpreter run: code given inline (`python3 -c`, `node -e`, `perl -e`) or read from stdin (`python3 -`,
 * `python3` alone) is code no analysis reads, so it is opaque; a script file is a read (the script); a
 * module (`python -m`) is a program by name. Never read-only: a program can do anything.
 */
export function describeInterpreter(language: string): DescribeProgram {
  const spec = SPECS[language]!;
  return (args) => {
    for (let index = 0; index < args.length; index++) {
      const word = args[index]!.value;
      if (args[index]!.dynamic) return opaque('its arguments are only known at run time');
      if (word === '-' || (word === '--' && args[index + 1] === undefined)) return opaque('it reads its program from standard input');
      if (word === '--') return script(args.slice(index + 1));
      const code = spec.code.find((option) => word === option || (option.length === 2 && word.startsWith(option) && !word.startsWith('--')) || word.startsWith(`${option}=`));
      if (code) return opaque(`it runs inline ${language} code (${code})`);
      if (spec.module?.some((option) => word === option || word.startsWith(option))) return { readOnly: false, files: [], unnamedFiles: `a ${language} module can read and write any file` };
      if (spec.withValue?.includes(word)) {
        index++;
        continue;
      }
      if (!word.startsWith('-')) return script(args.slice(index));
    }
    return opaque('it reads its program from standard input');
  };
}

function script(rest: readonly ShellWord[]): ReturnType<DescribeProgram> {
  const [file, ...operands] = rest;
  const files: FileEffect[] = file ? [{ word: file, access: 'read', via: 'operand' }] : [];
  return { readOnly: false, files: [...files, ...operands.map((word): FileEffect => ({ word, access: 'read', via: 'possible' }))], unnamedFiles: 'a script can read and write any file' };
}

function opaque(reason: string): ReturnType<DescribeProgram> {
  return { readOnly: false, files: [], opaque: reason };
}
