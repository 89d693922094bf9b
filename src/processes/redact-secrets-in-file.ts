import { createReadStream, createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { redactSecrets, secretSpellings } from './redact-secrets.ts';

/**
 * Redacts the values of `secrets` in a file codev saved (see `redactSecrets`), streaming, so that a large
 * output costs no more memory than a chunk: a value split across two chunks is held back until it is whole.
 * The file is replaced by rename, and only when something was redacted. Text is read as UTF-8.
 */
export async function redactSecretsInFile(file: string, secrets: ReadonlyArray<{ name: string; value: string }>): Promise<void> {
  const spellings = secretSpellings(secrets).map((spelling) => spelling.value);
  if (spellings.length === 0) return;
  const longest = spellings[0]!.length;
  const temporary = `${file}.redacting`;
  let changed = false;
  const redact = (text: string) => {
    const redacted = redactSecrets(text, secrets);
    changed ||= redacted !== text;
    return redacted;
  };
  const decoder = new StringDecoder('utf8');
  let carry = '';
  await pipeline(
    createReadStream(file),
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        const text = carry + decoder.write(chunk);
        // The last longest-1 characters may begin a value the next chunk ends; a value across the cut stays whole.
        const cut = safeCut(text, Math.max(0, text.length - longest + 1), spellings);
        carry = text.slice(cut);
        if (cut > 0) yield redact(text.slice(0, cut));
      }
      const rest = carry + decoder.end();
      if (rest !== '') yield redact(rest);
    },
    // `wx`: never through a file or link already at that name.
    createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
  );
  if (changed) await rename(temporary, file);
  else await unlink(temporary);
}

/** `cut`, moved back to the start of any spelling that starts before it and ends after it. */
function safeCut(text: string, cut: number, spellings: readonly string[]): number {
  for (let moved = true; moved; ) {
    moved = false;
    for (const value of spellings) {
      for (let index = text.indexOf(value, Math.max(0, cut - value.length + 1)); index !== -1 && index < cut; index = text.indexOf(value, index + 1)) {
        if (index + value.length <= cut) continue;
        cut = index;
        moved = true;
      }
    }
  }
  return cut;
}
