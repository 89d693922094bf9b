import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import type { FileEffect, ProgramEffects } from './types.ts';

const EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** Actions whose value is a file find writes. */
const WRITE_ACTIONS = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);
/** Tests that take one value (so that value is not read as an expression). */
const WITH_VALUE = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-type', '-xtype', '-size', '-perm', '-user', '-group', '-uid', '-gid', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-samefile', '-links', '-inum', '-lname', '-ilname', '-maxdepth', '-mindepth', '-printf', '-fstype', '-context', '-used', '-regextype', '-D', '-O', '-files0-from']);

/**
 * `find ROOTS… EXPRESSION`: the roots are listed (read by name), `-delete` removes what matches below them,
 * `-fprint FILE` and friends write FILE, and `-exec`/`-execdir`/`-ok`/`-okdir` run commands whose `{}`
 * stands for files below the roots (those commands are returned with `{}` as a dynamic word).
 */
export function describeFind(args: readonly ShellWord[]): ProgramEffects {
  const roots: ShellWord[] = [];
  let index = 0;
  while (index < args.length && /^-[HLP]$/.test(args[index]!.value)) index++;
  while (index < args.length && !isExpressionStart(args[index]!)) roots.push(args[index++]!);
  const searched = roots.length > 0 ? roots : [literalWord('.')];
  const files: FileEffect[] = searched.map((word) => ({ word, access: 'read', via: 'operand' }));
  const commands: ShellWord[][] = [];
  let readOnly = true;
  while (index < args.length) {
    const action = args[index]!.value;
    if (EXEC_ACTIONS.has(action)) {
      const command: ShellWord[] = [];
      index++;
      while (index < args.length && !endsExec(args, index)) command.push(markPlaceholder(args[index++]!));
      if (command.length > 0) commands.push(command);
      readOnly = false;
    } else if (action === '-delete') {
      files.push(...searched.map((word): FileEffect => ({ word, access: 'write', via: 'option', recursive: true })));
      readOnly = false;
    } else if (WRITE_ACTIONS.has(action) && args[index + 1]) {
      files.push({ word: args[++index]!, access: 'write', via: 'option' });
      readOnly = false;
    } else if (action === '-files0-from' && args[index + 1]) {
      files.push({ word: args[++index]!, access: 'read', via: 'option' });
    } else if (WITH_VALUE.has(action)) index++;
    index++;
  }
  // The commands -exec runs may read any file below the roots.
  if (commands.length > 0) files.push(...searched.map((word): FileEffect => ({ word, access: 'read', via: 'possible', recursive: true })));
  return { readOnly, files, ...(commands.length > 0 ? { commands } : {}) };
}

function isExpressionStart(word: ShellWord): boolean {
  return !word.dynamic && (word.value.startsWith('-') || word.value === '(' || word.value === '!' || word.value === ')' || word.value === ',');
}

function endsExec(args: readonly ShellWord[], index: number): boolean {
  const value = args[index]!.value;
  return value === ';' || (value === '+' && args[index - 1]?.value === '{}');
}

/**
 * `{}` becomes a file name only the run knows. (Inside a longer word, such as a `sh -c 'rm {}'` script, the
 * text stays readable; the shell it is handed to is opaque anyway.)
 */
function markPlaceholder(word: ShellWord): ShellWord {
  return word.value === '{}' ? { ...word, dynamic: true } : word;
}
