import type { ShellAnalysis, SimpleCommand } from './types.ts';

/** Commands whose operands are files they read. */
const READERS = new Set(['cat', 'tac', 'nl', 'head', 'tail', 'less', 'more', 'bat', 'batcat', 'strings', 'xxd', 'od', 'hexdump', 'base64', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'wc', 'sort', 'uniq', 'cut', 'paste', 'diff', 'cmp', 'comm', 'file', 'stat', 'jq', 'yq', 'source', '.', 'iconv', 'column', 'fold', 'fmt', 'tr', 'xargs']);
/** Readers whose first operand is a pattern or a program, not a file (unless given with -e/-f). */
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'awk', 'gawk', 'sed']);
/** Commands whose operands are files they create, change or remove. */
const WRITERS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'touch', 'mkdir', 'truncate', 'tee', 'ln', 'mv', 'install']);
/** Writers whose first operand is not a file (a mode, an owner). */
const ARGUMENT_FIRST = new Set(['chmod', 'chown', 'chgrp']);

/** A file a shell command names, as far as a static look at its words can tell. */
export interface CommandFileTarget {
  path: string;
  access: 'read' | 'write';
}

/**
 * The files that recognised file commands name: `cat .env` reads `.env`, `rm -rf build` writes `build`,
 * `cp a b` reads `a` and writes `b`, `cmd < file` reads `file`. The engine matches these against Read and Edit
 * deny and ask rules (and protected paths), so a deny on `.env` also stops `cat .env`. Words with
 * expansions or globs are skipped: they cannot be resolved here (the sandbox is the real boundary).
 */
export function commandFileTargets(analysis: ShellAnalysis): CommandFileTarget[] {
  if (!analysis.ok) return [];
  const targets: CommandFileTarget[] = [];
  for (const command of analysis.commands) {
    for (const redirect of command.redirects) {
      if (redirect.operator.endsWith('<') && !redirect.operator.startsWith('<<') && redirect.static && isFileWord(redirect.target)) {
        targets.push({ path: redirect.target, access: 'read' });
      }
    }
    targets.push(...operandTargets(command));
  }
  return targets;
}

function operandTargets(command: SimpleCommand): CommandFileTarget[] {
  const [name = '', ...rest] = command.argv;
  const program = name.split('/').at(-1)!;
  const operands = fileOperands(rest);
  if (READERS.has(program)) return operands.map((path) => ({ path, access: 'read' }));
  if (PATTERN_FIRST.has(program)) return patternCommandTargets(program, rest);
  if (WRITERS.has(program)) return operands.map((path) => ({ path, access: 'write' }));
  if (ARGUMENT_FIRST.has(program)) {
    const words = rest.filter((word) => !word.startsWith('-'));
    return words.slice(1).filter(isFileWord).map((path) => ({ path, access: 'write' }));
  }
  if (program === 'cp' && operands.length >= 2) {
    return [...operands.slice(0, -1).map((path) => ({ path, access: 'read' as const })), { path: operands.at(-1)!, access: 'write' }];
  }
  if (program === 'dd') {
    return rest.flatMap((word): CommandFileTarget[] => {
      const [key, value] = word.split('=', 2);
      if (!value || !isFileWord(value)) return [];
      return key === 'if' ? [{ path: value, access: 'read' as const }] : key === 'of' ? [{ path: value, access: 'write' as const }] : [];
    });
  }
  return [];
}

/** grep/sed/awk: `-e PATTERN` is not a file, `-f FILE` is read; without either, the first operand is the pattern. */
function patternCommandTargets(program: string, words: readonly string[]): CommandFileTarget[] {
  const rest: string[] = [];
  const scripts: CommandFileTarget[] = [];
  let patternGiven = false;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (word === '-e' || word === '--regexp' || word === '--expression') {
      patternGiven = true;
      index++;
    } else if (word === '-f' || word === '--file') {
      patternGiven = true;
      const file = words[++index];
      if (file !== undefined && isFileWord(file)) scripts.push({ path: file, access: 'read' });
    } else {
      rest.push(word);
    }
  }
  const operands = fileOperands(rest);
  const files = patternGiven ? operands : operands.slice(1);
  const access = program === 'sed' && words.some((word) => /^-i|^--in-place/.test(word)) ? 'write' : 'read';
  return [...scripts, ...files.map((path) => ({ path, access }) as CommandFileTarget)];
}

/** Operands: words that are not options (everything after `--`), without expansions or globs. */
function fileOperands(words: readonly string[]): string[] {
  const operands: string[] = [];
  let optionsEnded = false;
  for (const word of words) {
    if (!optionsEnded && word === '--') {
      optionsEnded = true;
      continue;
    }
    if (!optionsEnded && word.startsWith('-') && word !== '-') continue;
    if (isFileWord(word)) operands.push(word);
  }
  return operands;
}

function isFileWord(word: string): boolean {
  return word !== '' && word !== '-' && !/[$`*?[\]{}]/.test(word) && !/^\d+$/.test(word) && word !== '/dev/null';
}
