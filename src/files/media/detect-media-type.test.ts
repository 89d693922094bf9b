import { describe, expect, it } from 'vitest';
import { detectMediaType } from './detect-media-type.ts';

const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...Buffer.from(value, 'latin1')] : [value])));

describe('detectMediaType', () => {
  it('reads images and PDFs from their magic numbers', () => {
    expect(detectMediaType(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0))).toBe('image/png');
    expect(detectMediaType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectMediaType(bytes('GIF89a', 1, 0))).toBe('image/gif');
    expect(detectMediaType(bytes('GIF87a'))).toBe('image/gif');
    expect(detectMediaType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(detectMediaType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('calls readable bytes plain text and anything else unknown', () => {
    expect(detectMediaType(bytes('# Spec\n\nThe widget must spin.\n'))).toBe('text/plain');
    expect(detectMediaType(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeUndefined();
    expect(detectMediaType(bytes('BM', 0, 0, 0, 0, 0))).toBeUndefined();
    expect(detectMediaType(bytes('PK', 3, 4, 0, 0))).toBeUndefined();
  });
});
