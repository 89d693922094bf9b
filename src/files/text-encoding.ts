/** Decoding a file's bytes to text and back, byte-exactly: UTF-8 (with or without BOM), UTF-16 LE/BE with BOM. */

export type TextEncoding = 'utf8' | 'utf8-bom' | 'utf16le' | 'utf16be';
export type LineEnding = '\n' | '\r\n';

/** A text file as decoded: the text (without BOM), how to encode it back, and its dominant line ending. */
export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  lineEnding: LineEnding;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const UTF16BE_BOM = Buffer.from([0xfe, 0xff]);

/**
 * Decodes bytes as text, or explains why it can't be done without losing bytes: a file that is not
 * valid in its detected encoding (binary, Latin-1...) is refused rather than rewritten with U+FFFD.
 */
export function decodeText(bytes: Buffer): { ok: true; value: DecodedText } | { ok: false; reason: string } {
  let encoding: TextEncoding;
  let text: string;
  if (startsWith(bytes, UTF16LE_BOM) || startsWith(bytes, UTF16BE_BOM)) {
    encoding = bytes[0] === 0xff ? 'utf16le' : 'utf16be';
    if ((bytes.length - 2) % 2 !== 0) return { ok: false, reason: 'the file starts with a UTF-16 byte order mark but has an odd number of bytes' };
    const body = Buffer.from(bytes.subarray(2));
    if (encoding === 'utf16be') body.swap16();
    text = body.toString('utf16le');
  } else {
    encoding = startsWith(bytes, UTF8_BOM) ? 'utf8-bom' : 'utf8';
    text = bytes.toString('utf8', encoding === 'utf8-bom' ? 3 : 0);
    if (text.includes('\u0000')) return { ok: false, reason: 'the file looks binary (it contains NUL bytes)' };
  }
  if (!encodeText(text, encoding).equals(bytes)) return { ok: false, reason: `the file is not valid ${encoding.startsWith('utf16') ? 'UTF-16' : 'UTF-8'} text` };
  return { ok: true, value: { text, encoding, lineEnding: detectLineEnding(text) } };
}

/** Encodes text back to bytes in the given encoding, BOM included. */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  switch (encoding) {
    case 'utf8':
      return Buffer.from(text, 'utf8');
    case 'utf8-bom':
      return Buffer.concat([UTF8_BOM, Buffer.from(text, 'utf8')]);
    case 'utf16le':
      return Buffer.concat([UTF16LE_BOM, Buffer.from(text, 'utf16le')]);
    case 'utf16be': {
      const body = Buffer.from(text, 'utf16le');
      body.swap16();
      return Buffer.concat([UTF16BE_BOM, body]);
    }
  }
}

/** CRLF when most line breaks are CRLF; LF otherwise (and for text without line breaks). */
export function detectLineEnding(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    if (index > 0 && text[index - 1] === '\r') crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** Rewrites every line break (LF or CRLF) as `lineEnding`. */
export function normalizeLineEndings(text: string, lineEnding: LineEnding): string {
  const lf = text.replace(/\r\n/g, '\n');
  return lineEnding === '\n' ? lf : lf.replace(/\n/g, '\r\n');
}

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}
