import os from 'node:os';
import path from 'node:path';
import { makefilesRun } from './protected/makefiles-run.ts';
import { CODE_EXTENSIONS } from './protected/module-specifiers.ts';
import { packageManagerFilesOf } from './protected/package-manager-files.ts';
import { packageScriptsRun } from './protected/package-scripts-run.ts';
import { pythonModulesRun } from './protected/python-modules-run.ts';

/**
 * Extensions of files a command runs, when the word has no slash (`node check.mjs`, `npx tsx check.cts`): the
 * shells' and other interpreters', and every code extension codev reads imports of (one list, so a new one
 * cannot be missed here).
 */
const SCRIPT_EXTENSION = new RegExp(`\\.(?:sh|bash|zsh|py|rb|pl|php|ps1|${CODE_EXTENSIONS.map((extension) => extension.slice(1)).join('|')})$`);

/**
 * The files a command line runs, as absolute paths: each word that looks like a path (it has a `/`, or a
 * script extension; not an option, a URL or a word with a variable left in it), quotes removed, resolved
 * against `baseDirectory` (`~/` against the home directory); and when a package manager runs a script
 * (`npm run lint`, `npm test`), the package.json it reads, the files that script names and the
 * `node_modules/.bin` programs it or `npx` starts; the makefiles `make` reads and the module files `python -m` runs, in the command or a script, and the
 * files the package manager itself loads as code (see `packageManagerFilesOf`); each in the base directory
 * and in every folder a `cd` in the line changes to. A guess on
 * purpose: protecting one file too many costs a prompt, one too few lets the model rewrite code that runs
 * outside the sandbox.
 */
export function scriptFilesOf(words: readonly string[], baseDirectory: string): string[] {
  const files = new Set<string>();
  // After `cd tools`, `./check.sh` is tools/check.sh: each word is resolved in every folder the line visits.
  for (const directory of visitedDirectories(words, baseDirectory)) {
    for (const file of [...pathWords(words, directory), ...makefilesRun(words, directory), ...packageManagerFilesOf(words, directory), ...pythonModulesRun(words, directory)]) files.add(file);
    addScripts(words, directory, files);
  }
  return [...files];
}

/** `baseDirectory` and each folder a `cd` (or `pushd`) in the line changes to, resolved in order. */
function visitedDirectories(words: readonly string[], baseDirectory: string): string[] {
  const directories = [baseDirectory];
  const clean = words.map((word) => word.replace(/["']/g, ''));
  for (const [index, word] of clean.entries()) {
    const target = word === 'cd' || word === 'pushd' ? clean.slice(index + 1).find((next) => next !== '' && !next.startsWith('-')) : undefined;
    if (!target || target.includes('$')) continue;
    directories.push(target.startsWith('~/') ? path.join(os.homedir(), target.slice(2)) : path.resolve(directories.at(-1)!, target));
  }
  return [...new Set(directories)];
}

function addScripts(words: readonly string[], baseDirectory: string, files: Set<string>): void {
  const run = packageScriptsRun(words, baseDirectory);
  if (run) {
    if (run.manifest) files.add(run.manifest);
    for (const command of run.commands) {
      const commandWords = command.split(/[\s;&|()<>]+/);
      const directory = path.dirname(run.manifest ?? baseDirectory);
      for (const file of [...pathWords(commandWords, directory), ...makefilesRun(commandWords, directory), ...pythonModulesRun(commandWords, directory)]) files.add(file);
    }
    for (const bin of run.bins) files.add(bin);
  }
}

function pathWords(words: readonly string[], baseDirectory: string): string[] {
  const files = new Set<string>();
  for (const raw of words) {
    const word = raw.replace(/["']/g, '');
    if (word === '' || word.startsWith('-') || word.includes('$') || /^[a-z][a-z0-9+.-]*:\/\//i.test(word)) continue;
    if (!word.includes('/') && !SCRIPT_EXTENSION.test(word)) continue;
    files.add(word.startsWith('~/') ? path.join(os.homedir(), word.slice(2)) : path.resolve(baseDirectory, word));
  }
  return [...files];
}
