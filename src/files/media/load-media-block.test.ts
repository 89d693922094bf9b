import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CodevError } from '../../errors/codev-error.ts';
import { loadMediaBlock } from './load-media-block.ts';
import { MAX_DOCUMENT_BYTES } from './media-limits.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-media-'));
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();
const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a failure'); }, (error: CodevError) => error);

describe('loadMediaBlock', () => {
  it('sends a small image file as it is, base64, whatever its name says', async () => {
    const bytes = await png(40, 30);
    writeFileSync(path.join(folder, 'shot.jpg'), bytes);
    const block = await loadMediaBlock({ part: { type: 'image', path: 'shot.jpg' }, cwd: folder });
    expect(block).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: bytes.toString('base64') } });
  });

  it('resizes an image larger than 2000 px a side to a JPEG that fits', async () => {
    const block = await loadMediaBlock({ part: { type: 'image', data: await png(4000, 1000) }, cwd: folder });
    if (block.type !== 'image' || block.source.type !== 'base64') throw new Error('expected a base64 image');
    expect(block.source.media_type).toBe('image/jpeg');
    expect(await sharp(Buffer.from(block.source.data, 'base64')).metadata()).toMatchObject({ width: 2000, height: 500 });
  });

  it('sends PDFs as base64 documents and text as text documents, titled with the file name', async () => {
    writeFileSync(path.join(folder, 'spec.pdf'), '%PDF-1.4\n%%EOF\n');
    writeFileSync(path.join(folder, 'notes.md'), '# Notes\n');
    expect(await loadMediaBlock({ part: { type: 'file', path: 'spec.pdf' }, cwd: folder })).toEqual({ type: 'document', title: 'spec.pdf', source: { type: 'base64', media_type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') } });
    expect(await loadMediaBlock({ part: { type: 'document', path: path.join(folder, 'notes.md'), title: 'Notes' }, cwd: '/' })).toEqual({ type: 'document', title: 'Notes', source: { type: 'text', media_type: 'text/plain', data: '# Notes\n' } });
  });

  it('refuses bytes of another kind than the part says, or of no kind the API takes', async () => {
    expect((await failure(loadMediaBlock({ part: { type: 'image', data: Buffer.from('%PDF-1.4\n') }, cwd: folder }))).code).toBe('MEDIA_UNSUPPORTED');
    expect((await failure(loadMediaBlock({ part: { type: 'document', data: await png(2, 2) }, cwd: folder }))).code).toBe('MEDIA_UNSUPPORTED');
    expect((await failure(loadMediaBlock({ part: { type: 'document', mediaType: 'application/pdf', data: Buffer.from('plain') }, cwd: folder }))).code).toBe('MEDIA_UNSUPPORTED');
    writeFileSync(path.join(folder, 'archive.zip'), Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0, 0]));
    const zip = await failure(loadMediaBlock({ part: { type: 'file', path: 'archive.zip' }, cwd: folder }));
    expect(zip).toMatchObject({ code: 'MEDIA_UNSUPPORTED', file: path.join(folder, 'archive.zip') });
    expect((await failure(loadMediaBlock({ part: { type: 'image', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]) }, cwd: folder }))).code).toBe('MEDIA_UNSUPPORTED');
  });

  it('refuses a document past the limit before reading it, naming the file', async () => {
    const file = path.join(folder, 'huge.txt');
    writeFileSync(file, Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 'a'));
    expect(await failure(loadMediaBlock({ part: { type: 'document', path: file }, cwd: folder }))).toMatchObject({ code: 'MEDIA_TOO_LARGE', file });
  });

  it('says which file is missing, and that a part needs path or data', async () => {
    expect(await failure(loadMediaBlock({ part: { type: 'image', path: 'nope.png' }, cwd: folder }))).toMatchObject({ code: 'INPUT_INVALID', file: path.join(folder, 'nope.png') });
    expect((await failure(loadMediaBlock({ part: { type: 'image' } as never, cwd: folder }))).code).toBe('INPUT_INVALID');
  });
});
