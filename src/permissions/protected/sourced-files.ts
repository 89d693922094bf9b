import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { cachedByFile } from './cached-by-file.ts';

const MAX_FILES = 100;
const SHELL_EXTENSIONS = new Set(['.sh', '.bash', '.zsh', '.ksh']);
/** `. file` or `source file` at a command's start (a line's start, or after `;`, `&&`, `||`, `then`…). */
const SOURCE = /(?:^|[;&|({]|\bthen|\bdo|\belse)[ \t]*(?:\.|source)[ \t]+([^\n]+)/gm;

/**
 * The files shell scripts among `entries` source (`. lib.sh`, `source "$(dirname "$0")/env.sh"`), and
 * what those source, absolute and existing or not (one created later would run). A sourced name is
 * resolved against the script's folder and each folder above it up to the nearest project root (the
 * shell resolves it against its working directory, which the script does not say); a name starting with
 * a variable or command substitution (`$DIR/x.sh`, `$(dirname "$0")/x.sh`) against the script's folder.
 * Bounded (100 files); each script's words are cached until it changes.
 */
export function sourcedFilesOf(entries: readonly string[]): string[] {
  const found = new Set<string>();
  const queue = entries.filter(isShellScript);
  for (let index = 0; index < queue.length && found.size < MAX_FILES; index += 1) {
    const script = queue[index]!;
    for (const word of sourcedWordsOf(script)) {
      for (const file of candidatesOf(word, path.dirname(script))) {
        if (found.has(file)) continue;
        found.add(file);
        if (lstatIfPresent(file)?.isFile()) queue.push(file);
      }
    }
  }
  return [...found];
}

function isShellScript(file: string): boolean {
  if (SHELL_EXTENSIONS.has(path.extname(file))) return true;
  return cachedByFile({ key: `shell-shebang:${file}`, file, fallback: false, compute: () => /^#!.*\b(?:ba|z|k|da)?sh\b/.test(readFileSync(file, 'utf8').slice(0, 200)) });
}

function sourcedWordsOf(script: string): readonly string[] {
  return cachedByFile({ key: `sourced:${script}`, file: script, fallback: [], compute: () => [...readFileSync(script, 'utf8').matchAll(SOURCE)].map((match) => firstWord(match[1]!)) });
}

/** The first shell word of `text`, quotes removed, a `$(…)` in it kept whole (`$(dirname "$0")/lib.sh`). */
function firstWord(text: string): string {
  let depth = 0;
  let word = '';
  for (const character of text.replace(/["']/g, '')) {
    if (depth === 0 && /[\s;&|]/.test(character)) break;
    if (character === '(' || character === '{') depth += 1;
    if ((character === ')' || character === '}') && depth > 0) depth -= 1;
    word += character;
  }
  return word;
}

function candidatesOf(word: string, scriptDirectory: string): string[] {
  if (word.startsWith('~/')) return [path.join(os.homedir(), word.slice(2))];
  if (word.startsWith('$')) {
    // What follows the last substitution: `$(cd "$(dirname "$0")" && pwd)/lib.sh` is lib.sh in the script's folder.
    const rest = /^\$(?:.*[)}]|\w+)\/([^$()]+)$/.exec(word)?.[1];
    return rest && !rest.includes('$') ? [path.resolve(scriptDirectory, rest)] : [];
  }
  if (word.includes('$')) return [];
  if (path.isAbsolute(word)) return [word];
  return foldersUpToRoot(scriptDirectory).map((folder) => path.resolve(folder, word));
}

/** The script's folder and those above it, up to the first with a package.json or `.git` (at most 6). */
function foldersUpToRoot(directory: string): string[] {
  const folders: string[] = [];
  for (let current = directory; folders.length < 6; current = path.dirname(current)) {
    folders.push(current);
    if (lstatIfPresent(path.join(current, 'package.json')) || lstatIfPresent(path.join(current, '.git')) || path.dirname(current) === current) break;
  }
  return folders;
}
