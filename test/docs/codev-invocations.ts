/**
 * Test-only: the `codev` command lines of a shell block (`codev ...`, `npx codev ...`, `npx ./codev-X.tgz ...`,
 * `node_modules/.bin/codev ...`, `... bin/codev.mjs ...`), each as the argument list codev would get. Words are
 * split as a POSIX shell does (quotes, backslashes, `#` comments); `&&`, `||`, `;` and `|` separate commands;
 * redirections are dropped; a line ending in `\` goes on on the next; leading `NAME=value` words are the command's environment.
 */

/** One `codev` command of a shell block. */
export interface CodevInvocation {
  /** 1-based line in the block where the command starts. */
  line: number;
  /** The command as written. */
  text: string;
  /** What codev gets: the words after the program's own. */
  args: string[];
}

const SEPARATORS = new Set(['&&', '||', ';', '|', '&']);

/** Finds every codev command in a shell block's text. */
export function codevInvocations(code: string): CodevInvocation[] {
  const invocations: CodevInvocation[] = [];
  const lines = code.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index;
    let text = lines[index]!;
    while (text.endsWith('\\') && index + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++index]!}`;
    const words = splitWords(text.replace(/^\s*\$\s+/, ''));
    let command: string[] = [];
    for (const word of [...words, ';']) {
      if (!SEPARATORS.has(word)) {
        command.push(word);
        continue;
      }
      const args = codevArguments(command);
      if (args) invocations.push({ line: start + 1, text: command.join(' '), args });
      command = [];
    }
  }
  return invocations;
}

function codevArguments(words: readonly string[]): string[] | undefined {
  let index = 0;
  while (index < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index]!)) index++;
  const program = words[index];
  if (program === undefined) return undefined;
  if (isCodev(program)) return words.slice(index + 1);
  if (program === 'npx' && words[index + 1] !== undefined && isCodev(words[index + 1]!)) return words.slice(index + 2);
  const script = words.findIndex((word, at) => at > index && word.endsWith('bin/codev.mjs'));
  if (['node', 'bun', 'deno'].includes(program) && script > index) return words.slice(script + 1);
  return undefined;
}

function isCodev(word: string): boolean {
  return word === 'codev' || word.endsWith('/.bin/codev') || word.endsWith('bin/codev.mjs') || /(^|\/)codev-[^/]*\.tgz$/.test(word);
}

/** Splits a command line into words: single and double quotes, backslash escapes, `#` comments, operators as words. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "'") {
      const end = text.indexOf("'", index + 1);
      word = (word ?? '') + text.slice(index + 1, end === -1 ? text.length : end);
      index = end === -1 ? text.length : end;
    } else if (char === '"') {
      let value = '';
      for (index++; index < text.length && text[index] !== '"'; index++) value += text[index] === '\\' && /["\\$`]/.test(text[index + 1] ?? '') ? text[++index] : text[index];
      word = (word ?? '') + value;
    } else if (char === '\\') {
      word = (word ?? '') + (text[++index] ?? '');
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === '#' && word === undefined) {
      break;
    } else if (char === '>' || char === '<') {
      // A redirection is the shell's, not codev's: drop it and its target (`2>&1`, `> out.json`, `< in.txt`).
      if (word !== undefined && !/^\d+$/.test(word)) words.push(word);
      word = undefined;
      const operator = /^[<>]+(&\d+)?/.exec(text.slice(index))![0];
      index += operator.length;
      if (!operator.includes('&')) {
        while (/\s/.test(text[index] ?? '')) index++;
        while (index < text.length && !/[\s;&|]/.test(text[index]!)) index++;
      }
      index--;
    } else if (/[;&|]/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      const double = (char === '&' || char === '|') && text[index + 1] === char;
      words.push(double ? char + char : char);
      if (double) index++;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
