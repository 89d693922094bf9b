import { splitArguments } from './split-arguments.ts';

const PLACEHOLDER = /\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$([1-9])|\$\{CODEV_SKILL_DIR\}|\$\{CODEV_PROJECT_DIR\}/g;
const USES_ARGUMENTS = /\$ARGUMENTS|\$[1-9]/;

/**
 * Fills a skill body's placeholders in one pass (substituted text is never expanded again):
 * - `$ARGUMENTS`: the whole argument string, trimmed;
 * - `$1` … `$9`: the positional arguments, split with shell-like quoting (missing ones are empty;
 *   `$10` is `$1` followed by `0`, as in a shell);
 * - `$ARGUMENTS[N]`: the N-th argument, 0-based;
 * - `${CODEV_SKILL_DIR}`: the skill folder; `${CODEV_PROJECT_DIR}`: the working directory, when given.
 * When the body uses no argument placeholder and arguments were given, they are appended as
 * `ARGUMENTS: <args>` so they are never lost.
 */
export function substituteArguments(options: { body: string; args?: string; skillDirectory: string; projectDirectory?: string }): string {
  const args = (options.args ?? '').trim();
  const positional = splitArguments(args);
  const result = options.body.replace(PLACEHOLDER, (match, indexed: string | undefined, position: string | undefined) => {
    if (indexed !== undefined) return positional[Number(indexed)] ?? '';
    if (position !== undefined) return positional[Number(position) - 1] ?? '';
    if (match === '$ARGUMENTS') return args;
    if (match === '${CODEV_SKILL_DIR}') return options.skillDirectory;
    return options.projectDirectory ?? match;
  });
  if (args !== '' && !USES_ARGUMENTS.test(options.body)) return `${result.replace(/\s*$/, '')}\n\nARGUMENTS: ${args}\n`;
  return result;
}
