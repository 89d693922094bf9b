import { statSync } from 'node:fs';
import path from 'node:path';
import type { PromptInput, PromptPart } from '../../agent/prompt-input.ts';
import { CodevError } from '../../errors/codev-error.ts';

/**
 * `codev run`'s prompt words as a prompt: joined by spaces, except that a word `@path` attaches that file
 * (an image, a PDF or a text document, whichever its bytes are) where it stands, resolved from `cwd` as the
 * OS resolves it (`link/..` is the link target's parent); `@@word` is the text `@word`. A string when no file
 * is attached; undefined for no words. `CLI_USAGE` for a file that is not there. Which files may be attached
 * is decided when they are read (see `attachPromptFiles`).
 *
 * @example
 * promptArguments({ words: ['describe', '@shot.png'], cwd }) // [{ type: 'text', text: 'describe' }, { type: 'file', path: '/…/shot.png' }]
 */
export function promptArguments(options: { words: readonly string[]; cwd: string }): PromptInput | undefined {
  const parts: PromptPart[] = [];
  let text: string[] = [];
  const endText = () => {
    if (text.length > 0) parts.push({ type: 'text', text: text.join(' ') });
    text = [];
  };
  for (const word of options.words) {
    if (!word.startsWith('@') || word.length === 1) {
      text.push(word);
      continue;
    }
    if (word.startsWith('@@')) {
      text.push(word.slice(1));
      continue;
    }
    const named = word.slice(1);
    // Kept as written (not normalized): the file read is the one the OS finds, and the decision is made on it.
    const file = path.isAbsolute(named) ? named : `${options.cwd}/${named}`;
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) throw new CodevError('CLI_USAGE', `No such file: ${path.resolve(file)} (from ${word})`, { file: path.resolve(file), hint: 'write @@ for a word that starts with @' });
    endText();
    parts.push({ type: 'file', path: file });
  }
  endText();
  if (parts.some((part) => part.type !== 'text')) return parts;
  return options.words.map((word) => (word.startsWith('@@') ? word.slice(1) : word)).join(' ') || undefined;
}
