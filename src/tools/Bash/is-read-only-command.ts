import { SAFE_ENVIRONMENT_VARIABLES } from '../../permissions/shell/safe-environment-variables.ts';
import type { SimpleCommand } from '../../permissions/shell/types.ts';
import { analyzeCommandSync } from './analyze-command-sync.ts';
import { isReadOnlyGit } from './is-read-only-git.ts';
import { CONDITIONALLY_READ_ONLY, READ_ONLY_COMMANDS, WRITING_OPTIONS } from './read-only-commands.ts';

const cache = new Map<string, boolean>();

/**
 * Whether a Bash command provably only reads: it parses, every simple command in it (pipelines, `&&`,
 * substitutions, `bash -c` bodies, `xargs`/`find -exec` targets) is a known reader with no writing option,
 * nothing is redirected into a file, no command name is dynamic and no risky variable is set.
 *
 * @example
 * isReadOnlyCommand('cat f | grep x'); // true
 * isReadOnlyCommand('sed -i s/a/b/ f'); // false
 */
export function isReadOnlyCommand(command: string): boolean {
  const hit = cache.get(command);
  if (hit !== undefined) return hit;
  const answer = analyze(command);
  if (cache.size > 2_000) cache.delete(cache.keys().next().value as string);
  cache.set(command, answer);
  return answer;
}

function analyze(command: string): boolean {
  const analysis = analyzeCommandSync(command);
  if (!analysis || analysis.writes.length > 0) return false;
  return analysis.commands.every(isReadOnlySimpleCommand);
}

/** One simple command: a known reader, with no writing option, no dynamic parts and only safe variables. */
export function isReadOnlySimpleCommand(command: SimpleCommand): boolean {
  if (command.dynamic) return false;
  if (command.assignments.some((assignment) => !SAFE_ENVIRONMENT_VARIABLES.has(assignment.name))) return false;
  if (command.redirects.some((redirect) => redirect.operator.includes('>') && !/^\d*>&\d*$/.test(`${redirect.operator}${redirect.target}`) && redirect.target !== '/dev/null')) return false;
  const [name, ...args] = command.argv;
  if (name === undefined) return command.assignments.length === 0;
  const base = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
  if (!READ_ONLY_COMMANDS.has(base) && !CONDITIONALLY_READ_ONLY.has(base)) return false;
  const writing = WRITING_OPTIONS[base] ?? [];
  if (args.some((argument) => writing.some((pattern) => pattern.test(argument)))) return false;
  if (base === 'uniq') return args.filter((argument) => !argument.startsWith('-')).length <= 1;
  if (base === 'sed') return isReadOnlySed(args);
  if (base === 'git') return isReadOnlyGit(args);
  return true;
}

/** `sed` without `-i`, whose script has no `w`/`W`/`e` command or `s///w`/`s///e` flag. */
function isReadOnlySed(args: readonly string[]): boolean {
  if (args.some((argument) => /^-[a-zA-Z]*i/.test(argument) || argument.startsWith('--in-place'))) return false;
  const scripts: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const argument = args[index]!;
    if (argument === '-e' || argument === '--expression') scripts.push(args[++index] ?? '');
    else if (argument === '-f' || argument === '--file') return false;
    else if (!argument.startsWith('-') && scripts.length === 0) scripts.push(argument);
  }
  return scripts.every((script) => {
    const withoutSubstitutions = script.replace(/s(.)(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1([a-zA-Z0-9]*)/g, (_match, _delimiter, flags: string) => (/[we]/.test(flags) ? 'w' : ''));
    return !/(^|[;{}\s\d$/!])[wWe]/.test(withoutSubstitutions) && !/^[wWe]/.test(withoutSubstitutions.trim());
  });
}
