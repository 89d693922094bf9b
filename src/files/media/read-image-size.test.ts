import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './read-image-size.ts';

const canvas = (width: number, height: number, channels: 3 | 4 = 3) => sharp({ create: { width, height, channels, background: { r: 51, g: 102, b: 204, alpha: 0.5 } } });

describe('readImageSize', () => {
  it('reads the size sharp reads, from the header alone, for every format the API takes', async () => {
    const images: [string, Promise<Buffer>, number, number][] = [
      ['image/png', canvas(2400, 17).png().toBuffer(), 2400, 17],
      ['image/jpeg', canvas(31, 2001).jpeg().toBuffer(), 31, 2001],
      ['image/jpeg', canvas(640, 480).jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer(), 640, 480],
      ['image/gif', canvas(300, 200).gif().toBuffer(), 300, 200],
      ['image/webp', canvas(5000, 3).webp().toBuffer(), 5000, 3],
      ['image/webp', canvas(123, 45).webp({ lossless: true }).toBuffer(), 123, 45],
      ['image/webp', canvas(77, 66, 4).webp().toBuffer(), 77, 66],
    ];
    for (const [mediaType, bytes, width, height] of images) {
      const buffer = await bytes;
      expect(await sharp(buffer).metadata()).toMatchObject({ width, height });
      expect(readImageSize(buffer)).toEqual({ mediaType, width, height });
    }
  });

  it('reads nothing from bytes that are no image or a header cut short', async () => {
    const png = await canvas(10, 10).png().toBuffer();
    expect(readImageSize(png.subarray(0, 20))).toBeUndefined();
    expect(readImageSize(Buffer.from('%PDF-1.4\n'))).toBeUndefined();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4]))).toBeUndefined();
  });
});
