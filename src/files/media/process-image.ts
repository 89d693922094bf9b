import { CodevError } from '../../errors/codev-error.ts';
import { formatBytes } from '../format-bytes.ts';
import { loadSharp, SHARP_INSTALL } from './load-sharp.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGE_DIMENSION } from './media-limits.ts';
import { readImageSize } from './read-image-size.ts';

export interface ProcessedImage {
  /** The media type of `data` (from the decoded bytes, not the file name). */
  mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  /** Base64 of the bytes sent. */
  data: string;
  originalWidth: number;
  originalHeight: number;
  originalBytes: number;
  width: number;
  height: number;
  bytes: number;
  resized: boolean;
}

const MEDIA_TYPES: Record<string, ProcessedImage['mediaType']> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * Makes image bytes fit to send: as-is when the format is one the API takes and the image is within
 * MAX_IMAGE_DIMENSION a side and MAX_IMAGE_BYTES; otherwise resized to fit and re-encoded as JPEG
 * (flattened on white), lowering quality and then size until it fits. `MEDIA_UNSUPPORTED` when the bytes
 * do not decode as an image, `MEDIA_TOO_LARGE` when no size fits. sharp (an optional peer) decodes and
 * resizes; without it an image that fits is still sent as it is (its size read from its header), and one that
 * would need resizing is refused with `MEDIA_RESIZE_UNAVAILABLE`, whose hint is the command that installs sharp.
 * `file` only names the image in that error.
 */
export async function processImage(buffer: Buffer, file?: string): Promise<ProcessedImage> {
  if (buffer.length === 0) throw new CodevError('MEDIA_UNSUPPORTED', 'The image file is empty.');
  const loaded = await loadSharp();
  if ('reason' in loaded) return passThroughWithoutSharp(buffer, { file, reason: loaded.reason, cause: loaded.cause });
  const { sharp } = loaded;
  let metadata;
  try {
    metadata = await sharp(buffer, { animated: false }).metadata();
  } catch (error) {
    throw new CodevError('MEDIA_UNSUPPORTED', `The image could not be decoded (${(error as Error).message}); the file may be corrupt or not an image.`, { cause: error });
  }
  const originalWidth = metadata.width ?? 0;
  const originalHeight = metadata.height ?? 0;
  const sourceType = MEDIA_TYPES[metadata.format ?? ''];
  const fits = originalWidth <= MAX_IMAGE_DIMENSION && originalHeight <= MAX_IMAGE_DIMENSION && buffer.length <= MAX_IMAGE_BYTES;
  const original = { originalWidth, originalHeight, originalBytes: buffer.length };
  if (sourceType && fits) {
    return { ...original, mediaType: sourceType, data: buffer.toString('base64'), width: originalWidth, height: originalHeight, bytes: buffer.length, resized: false };
  }
  let side = MAX_IMAGE_DIMENSION;
  for (const quality of [85, 70, 55, 40, 40, 40, 40, 40]) {
    const { data, info } = await sharp(buffer, { animated: false })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= MAX_IMAGE_BYTES) {
      return { ...original, mediaType: 'image/jpeg', data: data.toString('base64'), width: info.width, height: info.height, bytes: data.length, resized: true };
    }
    if (quality === 40) side = Math.round(side * 0.7);
  }
  throw new CodevError('MEDIA_TOO_LARGE', `The image (${formatBytes(buffer.length)}) could not be made smaller than ${formatBytes(MAX_IMAGE_BYTES)}.`);
}

/** Without sharp: the image as it is when its header says it fits, else `MEDIA_RESIZE_UNAVAILABLE` (`MEDIA_UNSUPPORTED` when no header is read). */
function passThroughWithoutSharp(buffer: Buffer, why: { file?: string; reason: string; cause: unknown }): ProcessedImage {
  const size = readImageSize(buffer);
  const where = why.file ?? 'the image';
  if (!size) throw new CodevError('MEDIA_UNSUPPORTED', `${where} is no PNG, JPEG, GIF or WebP whose size can be read, and sharp, which could decode it, is unavailable (${why.reason}).`, { ...(why.file && { file: why.file }), hint: SHARP_INSTALL, cause: why.cause });
  const { mediaType, width, height } = size;
  if (width <= MAX_IMAGE_DIMENSION && height <= MAX_IMAGE_DIMENSION && buffer.length <= MAX_IMAGE_BYTES) {
    return { mediaType, data: buffer.toString('base64'), originalWidth: width, originalHeight: height, originalBytes: buffer.length, width, height, bytes: buffer.length, resized: false };
  }
  const over = `${width}×${height}, ${formatBytes(buffer.length)}; the API takes ${MAX_IMAGE_DIMENSION} px a side and ${formatBytes(MAX_IMAGE_BYTES)}`;
  // The command goes in the message too: a tool result shows the model the message, not the hint.
  throw new CodevError('MEDIA_RESIZE_UNAVAILABLE', `${where} (${over}) was not sent: resizing it needs sharp (${why.reason}; \`${SHARP_INSTALL}\` installs it). Images within those limits are sent without it.`, {
    ...(why.file && { file: why.file }),
    hint: SHARP_INSTALL,
    cause: why.cause,
  });
}

/** A one-line description of what was sent, e.g. "2400×1600 PNG, 1.2 MB; resized to 2000×1333 JPEG, 310 KB". */
export function describeImage(image: ProcessedImage): string {
  const original = `${image.originalWidth}×${image.originalHeight}, ${formatBytes(image.originalBytes)}`;
  if (!image.resized) return `${original}, ${image.mediaType}`;
  return `original ${original}; resized to ${image.width}×${image.height} ${image.mediaType}, ${formatBytes(image.bytes)}`;
}
