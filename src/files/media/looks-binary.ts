import { startsWith } from './starts-with.ts';

/** True when the bytes hold a NUL (and are not UTF-16 with a BOM), or are mostly control characters. */
export function looksBinary(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return false;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return true;
    if (byte < 8 || (byte > 13 && byte < 32 && byte !== 27)) control++;
  }
  return control / head.length > 0.3;
}
