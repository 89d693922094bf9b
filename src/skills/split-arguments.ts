/**
 * Splits an argument string the way a shell would, without expansion: whitespace separates words,
 * `'...'` is literal, `"..."` honours `\"`, `\\`, `\$` and `` \` ``, and a backslash outside quotes escapes
 * the next character. An unclosed quote runs to the end (never throws). `''` is an empty argument.
 */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else current += character;
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else if (character === '\\' && index + 1 < text.length && '"\\$`'.includes(text[index + 1]!)) current += text[++index];
      else current += character;
    } else if (/\s/.test(character)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      inWord = true;
      if (character === '"' || character === "'") quote = character;
      else if (character === '\\' && index + 1 < text.length) current += text[++index];
      else current += character;
    }
  }
  if (inWord) words.push(current);
  return words;
}
