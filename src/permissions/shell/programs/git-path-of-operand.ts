import type { ShellWord } from '../types.ts';

/** Pathspec magic spelled out: `:(top,icase)path`. */
const LONG_MAGIC = /^:\([^)]*\)/;
/** Pathspec magic in short (`:/path`, `:!path`, `:^path`, `:/!:path`), or an index stage (`:0:path`). */
const SHORT_MAGIC = /^:(?:[0-3]:|[/!^]*:?)/;
/** The characters that make a pathspec match many paths (git globs pathspecs itself, quoted or not). */
const WILDCARD = /[*?[]/;

/**
 * The file an operand of a git subcommand may name: the path of `REV:path` and `:path` (before `--`),
 * a pathspec without its magic, marked `glob` when it has wildcards. Undefined for `-` and for what
 * names no path (`HEAD:`, `:/`).
 */
export function gitPathOfOperand(word: ShellWord, afterSeparator: boolean): ShellWord | undefined {
  const text = word.value;
  if (text === '-' || text === '') return undefined;
  const magic = text.match(LONG_MAGIC) ?? text.match(SHORT_MAGIC);
  if (text.startsWith(':') && magic) return pathWord(word, text.slice(magic[0].length), true);
  const colon = text.indexOf(':');
  if (!afterSeparator && colon > 0) return pathWord(word, text.slice(colon + 1), false);
  return pathWord(word, text, true);
}

function pathWord(word: ShellWord, path: string, pathspec: boolean): ShellWord | undefined {
  if (path === '') return undefined;
  const glob = word.glob || (pathspec && WILDCARD.test(path));
  return { ...word, value: path, glob, userTilde: word.userTilde && path === word.value };
}
