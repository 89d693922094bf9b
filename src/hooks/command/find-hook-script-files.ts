import os from 'node:os';
import path from 'node:path';

/** Extensions of files a hook command runs, when the token has no slash (`node check.mjs`). */
const SCRIPT_EXTENSION = /\.(?:sh|bash|zsh|js|mjs|cjs|ts|mts|py|rb|pl|php|ps1)$/;
/** The project variables a hook command may use (Claude Code's and codev's). */
const PROJECT_VARIABLE = /\$\{?(?:CODEV_PROJECT_DIR|CLAUDE_PROJECT_DIR)\}?/g;

/**
 * The files a hook command runs, as absolute paths: each word that looks like a path (it has a `/`, or a
 * script extension), with the project variables filled in and quotes removed, resolved against the
 * project directory. A guess on purpose: protecting one file too many costs a prompt, one too few lets the
 * model rewrite a script that runs outside the sandbox.
 */
export function findHookScriptFiles(command: string, projectDir: string): string[] {
  const words = command.replace(PROJECT_VARIABLE, projectDir).split(/[\s;&|()<>]+/);
  const files = new Set<string>();
  for (const raw of words) {
    const word = raw.replace(/["']/g, '');
    if (word === '' || word.startsWith('-') || word.includes('$') || /^[a-z][a-z0-9+.-]*:\/\//i.test(word)) continue;
    if (!word.includes('/') && !SCRIPT_EXTENSION.test(word)) continue;
    files.add(word.startsWith('~/') ? path.join(os.homedir(), word.slice(2)) : path.resolve(projectDir, word));
  }
  return [...files];
}
