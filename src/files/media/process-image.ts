// sharp is a native module: loaded on the first image, so codev starts (and runs under Deno) without it.
const loadSharp = async () => (await import('sharp')).default;
import { CodevError } from '../../errors/codev-error.ts';
import { formatBytes } from '../format-bytes.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGE_DIMENSION } from './media-limits.ts';

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
 * do not decode as an image, `MEDIA_TOO_LARGE` when no size fits.
 */
export async function processImage(buffer: Buffer): Promise<ProcessedImage> {
  if (buffer.length === 0) throw new CodevError('MEDIA_UNSUPPORTED', 'The image file is empty.');
  const sharp = await loadSharp();
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

/** A one-line description of what was sent, e.g. "2400×1600 PNG, 1.2 MB; resized to 2000×1333 JPEG, 310 KB". */
export function describeImage(image: ProcessedImage): string {
  const original = `${image.originalWidth}×${image.originalHeight}, ${formatBytes(image.originalBytes)}`;
  if (!image.resized) return `${original}, ${image.mediaType}`;
  return `original ${original}; resized to ${image.width}×${image.height} ${image.mediaType}, ${formatBytes(image.bytes)}`;
}
