import { scriptFilesOf } from '../../permissions/script-files.ts';

/** The project variables a hook command may use (Claude Code's and codev's). */
const PROJECT_VARIABLE = /\$\{?(?:CODEV_PROJECT_DIR|CLAUDE_PROJECT_DIR)\}?/g;

/**
 * The files a hook command runs, as absolute paths (see {@link scriptFilesOf}): the command split into
 * words at blanks and shell operators, with the project variables filled in, resolved against the project
 * directory, where hooks run.
 */
export function findHookScriptFiles(command: string, projectDir: string): string[] {
  return scriptFilesOf(command.replace(PROJECT_VARIABLE, projectDir).split(/[\s;&|()<>]+/), projectDir);
}
