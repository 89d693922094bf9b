import { looksBinary } from './looks-binary.ts';
import { startsWith } from './starts-with.ts';

/** The image formats the Messages API takes. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The document formats the Messages API takes. */
export type DocumentMediaType = 'application/pdf' | 'text/plain';

export type MediaType = ImageMediaType | DocumentMediaType;

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** Magic numbers, at the start of the bytes unless an offset is given. */
const SIGNATURES: readonly { mediaType: MediaType; prefix: readonly number[]; offset?: number; also?: { prefix: readonly number[]; offset: number } }[] = [
  { mediaType: 'image/png', prefix: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mediaType: 'image/jpeg', prefix: [0xff, 0xd8, 0xff] },
  { mediaType: 'image/gif', prefix: ascii('GIF87a') },
  { mediaType: 'image/gif', prefix: ascii('GIF89a') },
  { mediaType: 'image/webp', prefix: ascii('RIFF'), also: { prefix: ascii('WEBP'), offset: 8 } },
  { mediaType: 'application/pdf', prefix: ascii('%PDF-') },
];

/** Bytes looked at to tell text from binary. */
const SNIFF_BYTES = 8_192;

/**
 * What the bytes are, from their magic numbers (never a file name): an image or PDF the API takes, plain
 * text (no NUL, few control characters), or undefined for anything else.
 */
export function detectMediaType(bytes: Uint8Array): MediaType | undefined {
  const signature = SIGNATURES.find((candidate) => startsWith(bytes, candidate.prefix) && (!candidate.also || startsWith(bytes, candidate.also.prefix, candidate.also.offset)));
  if (signature) return signature.mediaType;
  return looksBinary(bytes.subarray(0, SNIFF_BYTES)) ? undefined : 'text/plain';
}

/** True for the image types. */
export function isImageMediaType(mediaType: MediaType): mediaType is ImageMediaType {
  return mediaType.startsWith('image/');
}
