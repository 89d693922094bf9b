import { detectMediaType, type ImageMediaType } from './detect-media-type.ts';

/** An image's format and size as its header states them (stored size: EXIF orientation is not applied). */
export interface ImageSize {
  mediaType: ImageMediaType;
  width: number;
  height: number;
}

/**
 * Reads the width and height from a PNG, JPEG, GIF or WebP header without decoding the image (no sharp):
 * enough to tell whether an image can be sent as it is. Undefined when the bytes are none of those or the
 * header is cut short; the pixels themselves are never checked.
 */
export function readImageSize(bytes: Uint8Array): ImageSize | undefined {
  const mediaType = detectMediaType(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let size: { width: number; height: number } | undefined;
  try {
    if (mediaType === 'image/png') size = { width: view.getUint32(16), height: view.getUint32(20) };
    else if (mediaType === 'image/gif') size = { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    else if (mediaType === 'image/webp') size = webpSize(view);
    else if (mediaType === 'image/jpeg') size = jpegSize(view);
  } catch {
    return undefined; // a header cut short (DataView throws RangeError past the end)
  }
  if (!mediaType?.startsWith('image/') || !size || size.width === 0 || size.height === 0) return undefined;
  return { mediaType: mediaType as ImageMediaType, ...size };
}

const fourCc = (view: DataView, offset: number) => String.fromCharCode(view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3));
const uint24 = (view: DataView, offset: number) => view.getUint8(offset) | (view.getUint8(offset + 1) << 8) | (view.getUint8(offset + 2) << 16);

/** The first chunk of a WebP: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`, alpha or animation). */
function webpSize(view: DataView): { width: number; height: number } | undefined {
  switch (fourCc(view, 12)) {
    case 'VP8 ':
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    case 'VP8L': {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: uint24(view, 24) + 1, height: uint24(view, 27) + 1 };
    default:
      return undefined;
  }
}

/** JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC, which share the range). */
function jpegSize(view: DataView): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return undefined;
    const marker = view.getUint8(offset + 1);
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return undefined;
}
