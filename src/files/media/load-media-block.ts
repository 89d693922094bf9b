import type Anthropic from '@anthropic-ai/sdk';
import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';
import { formatBytes } from '../format-bytes.ts';
import { detectMediaType, isImageMediaType, type MediaType } from './detect-media-type.ts';
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_INPUT_BYTES } from './media-limits.ts';
import { processImage } from './process-image.ts';
import { readMediaBytes, type MediaBytes } from './read-media-bytes.ts';
import type { MediaPart } from './types.ts';

/**
 * A part as the Messages API block that carries it, base64-encoded: an image (resized when too large), a
 * PDF or a plain text document. The type comes from the bytes' magic numbers, never a file name.
 * `MEDIA_UNSUPPORTED` for bytes that are none of these, that are not what the part says (an `image` part
 * holding a PDF, a `mediaType` the bytes are not) or an image that cannot be decoded; `MEDIA_TOO_LARGE` past
 * the limits (`media-limits.ts`); `INPUT_INVALID` for a missing file or a part with no bytes.
 */
export async function loadMediaBlock(options: { part: MediaPart; cwd: string }): Promise<Anthropic.ImageBlockParam | Anthropic.DocumentBlockParam> {
  const { part } = options;
  const source = await readMediaBytes({ source: part, cwd: options.cwd, maxBytes: part.type === 'document' ? MAX_DOCUMENT_BYTES : MAX_IMAGE_INPUT_BYTES });
  const where = source.file ?? `The ${part.type} data`;
  const detected = detectMediaType(source.bytes);
  if (detected === undefined) throw unsupported(source, `${where} is not an image (PNG, JPEG, GIF, WebP), a PDF or plain text`);
  if (part.type !== 'file' && part.mediaType !== undefined && part.mediaType !== detected) throw unsupported(source, `${where} is ${detected}, not ${part.mediaType}`);
  const image = isImageMediaType(detected);
  if (part.type === 'image' && !image) throw unsupported(source, `${where} is ${detected}, not an image`, 'send it as a document part');
  if (part.type === 'document' && image) throw unsupported(source, `${where} is ${detected}, not a document`, 'send it as an image part');
  if (image) return imageBlock(source, where);
  if (source.bytes.length > MAX_DOCUMENT_BYTES) {
    throw new CodevError('MEDIA_TOO_LARGE', `${where} is ${formatBytes(source.bytes.length)}, over the ${formatBytes(MAX_DOCUMENT_BYTES)} a document may be`, { ...(source.file && { file: source.file }) });
  }
  const title = (part.type === 'document' ? part.title : undefined) ?? (source.file && path.basename(source.file));
  return documentBlock({ bytes: source.bytes, mediaType: detected, ...(title && { title }) });
}

async function imageBlock(source: MediaBytes, where: string): Promise<Anthropic.ImageBlockParam> {
  let image;
  try {
    image = await processImage(Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.length));
  } catch (error) {
    if (!CodevError.isInstance(error)) throw error;
    throw new CodevError(error.code, `${where}: ${error.message}`, { ...(source.file && { file: source.file }), ...(error.hint && { hint: error.hint }), cause: error });
  }
  return { type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } };
}

function documentBlock(options: { bytes: Uint8Array; mediaType: Exclude<MediaType, `image/${string}`>; title?: string }): Anthropic.DocumentBlockParam {
  const { bytes, mediaType, title } = options;
  const source: Anthropic.DocumentBlockParam['source'] =
    mediaType === 'application/pdf'
      ? { type: 'base64', media_type: 'application/pdf', data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64') }
      : { type: 'text', media_type: 'text/plain', data: new TextDecoder().decode(bytes) };
  return { type: 'document', source, ...(title && { title }) };
}

function unsupported(source: MediaBytes, message: string, hint?: string): CodevError {
  return new CodevError('MEDIA_UNSUPPORTED', message, { ...(source.file && { file: source.file }), ...(hint && { hint }) });
}
