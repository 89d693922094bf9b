import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getSessionState } from '../../session/get-session-state.ts';
import { resultText } from '../../testing/run-tool.ts';
import type { ToolResultContentBlock } from '../../tool/types.ts';
import { notebookJson, pdfBytes, pngBytes, read, readContext, writeFixture } from './test-fixtures/read.ts';

function blocks(content: string | ToolResultContentBlock[]): ToolResultContentBlock[] {
  if (typeof content === 'string') throw new Error(`expected blocks, got text: ${content.slice(0, 200)}`);
  return content;
}

function imageOf(block: ToolResultContentBlock | undefined): { media_type: string; data: Buffer } {
  if (block?.type !== 'image' || block.source.type !== 'base64') throw new Error('expected a base64 image block');
  return { media_type: block.source.media_type, data: Buffer.from(block.source.data, 'base64') };
}

describe('Read images', () => {
  it('returns a small PNG unchanged as an image block, with its size', async () => {
    const context = readContext();
    const png = await pngBytes(40, 30);
    const file = writeFixture(context, 'small.png', png);
    const { result } = await read(context, { file_path: file });
    expect(result.status).toBe('ok');
    const content = blocks(result.block.content);
    expect(content[0]).toMatchObject({ type: 'text' });
    expect(resultText(result)).toContain('40×30');
    const image = imageOf(content[1]);
    expect(image.media_type).toBe('image/png');
    expect(image.data.equals(png)).toBe(true);
    expect(getSessionState(context).fileReads.get(file)).toMatchObject({ partial: false });
  });

  it('resizes a large image to fit 2000 px as JPEG and says the original size', async () => {
    const context = readContext();
    const file = writeFixture(context, 'wide.png', await pngBytes(3000, 1000));
    const { result } = await read(context, { file_path: file });
    const image = imageOf(blocks(result.block.content)[1]);
    expect(image.media_type).toBe('image/jpeg');
    const metadata = await sharp(image.data).metadata();
    expect([metadata.width, metadata.height]).toEqual([2000, 667]);
    expect(resultText(result)).toContain('original 3000×1000');
    expect(resultText(result)).toContain('resized to 2000×667');
  });

  it('re-encodes an image over 3.75 MB even when its dimensions fit', async () => {
    const context = readContext();
    const file = writeFixture(context, 'noisy.png', await pngBytes(1400, 1400, { noisy: true }));
    const { result } = await read(context, { file_path: file });
    const image = imageOf(blocks(result.block.content)[1]);
    expect(image.media_type).toBe('image/jpeg');
    expect(image.data.length).toBeLessThanOrEqual(3_750_000);
  });

  it('uses the decoded format, not the extension, for the media type', async () => {
    const context = readContext();
    const jpeg = await sharp(await pngBytes(20, 20)).jpeg().toBuffer();
    const file = writeFixture(context, 'actually-jpeg.png', jpeg);
    expect(imageOf(blocks((await read(context, { file_path: file })).result.block.content)[1]).media_type).toBe('image/jpeg');
  });

  it('reports a corrupt image clearly', async () => {
    const context = readContext();
    const file = writeFixture(context, 'broken.png', Buffer.from('not an image at all'));
    const { result } = await read(context, { file_path: file });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('could not be decoded');
  });
});

describe('Read PDFs', () => {
  it('extracts text per page with page headers', async () => {
    const context = readContext();
    const file = writeFixture(context, 'two.pdf', pdfBytes(['Hello page one', 'Second (page) two']));
    const { result } = await read(context, { file_path: file });
    expect(result.status).toBe('ok');
    const text = resultText(result);
    expect(text).toContain('2 pages; showing all');
    expect(text).toContain('--- Page 1 of 2 ---\nHello page one');
    expect(text).toContain('--- Page 2 of 2 ---\nSecond (page) two');
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(false);
  });

  it('selects pages, marks the read partial, and refuses pages past the end', async () => {
    const context = readContext();
    const file = writeFixture(context, 'two.pdf', pdfBytes(['first', 'second']));
    const text = resultText((await read(context, { file_path: file, pages: '2' })).result);
    expect(text).toContain('--- Page 2 of 2 ---\nsecond');
    expect(text).not.toContain('first');
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(true);
    const beyond = (await read(context, { file_path: file, pages: '2-3' })).result;
    expect(beyond.isError).toBe(true);
    expect(resultText(beyond)).toContain('page 3 does not exist');
  });

  it('requires pages for a document over 10 pages, and at most 20 per request', async () => {
    const context = readContext();
    const file = writeFixture(context, 'long.pdf', pdfBytes(Array.from({ length: 12 }, (_, index) => `page ${index + 1}`)));
    const whole = (await read(context, { file_path: file })).result;
    expect(whole.isError).toBe(true);
    expect(resultText(whole)).toContain('This PDF has 12 pages');
    expect(resultText(whole)).toContain('pages parameter');
    expect(resultText((await read(context, { file_path: file, pages: '11-12' })).result)).toContain('--- Page 12 of 12 ---\npage 12');
    const tooMany = (await read(context, { file_path: file, pages: '1-21' })).result;
    expect(tooMany.status).not.toBe('ok');
    expect(resultText(tooMany)).toContain('at most 20 pages');
    expect(resultText((await read(context, { file_path: file, pages: 'abc' })).result)).toContain('Invalid pages parameter');
  });
});

describe('Read notebooks', () => {
  const cells = [
    { cell_type: 'markdown', id: 'intro', metadata: {}, source: ['# Title\n', 'Some text'] },
    {
      cell_type: 'code',
      id: 'calc',
      execution_count: 1,
      metadata: {},
      source: ['x = 1 + 1\n', 'print(x)\n', 'x'],
      outputs: [
        { output_type: 'stream', name: 'stdout', text: ['2\n'] },
        { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/plain': ['2'] } },
      ],
    },
    {
      cell_type: 'code',
      id: 'boom',
      execution_count: 2,
      metadata: {},
      source: '1/0',
      outputs: [{ output_type: 'error', ename: 'ZeroDivisionError', evalue: 'division by zero', traceback: ['\u001b[0;31mTraceback\u001b[0m', 'line 1'] }],
    },
  ];

  it('shows each cell numbered with type, source and outputs', async () => {
    const context = readContext();
    const file = writeFixture(context, 'nb.ipynb', notebookJson(cells));
    const { result } = await read(context, { file_path: file });
    expect(result.status).toBe('ok');
    const text = resultText(result);
    expect(text).toContain('3 cells, python');
    expect(text).toContain('<cell 1 type=markdown id=intro>\n```markdown\n# Title\nSome text\n```');
    expect(text).toContain('<cell 2 type=code id=calc execution_count=1>\n```python\nx = 1 + 1\nprint(x)\nx\n```');
    expect(text).toContain('Output 1 (stream stdout):\n2');
    expect(text).toContain('Output 2 (result):\n2');
    expect(text).toContain('Output 1 (error):\nZeroDivisionError: division by zero\nTraceback\nline 1');
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(false);
  });

  it('returns image outputs as image blocks', async () => {
    const context = readContext();
    const png = (await pngBytes(10, 10)).toString('base64');
    const file = writeFixture(
      context,
      'plot.ipynb',
      notebookJson([
        {
          cell_type: 'code',
          execution_count: 1,
          metadata: {},
          source: 'plot()',
          outputs: [{ output_type: 'display_data', metadata: {}, data: { 'image/png': png, 'text/plain': ['<Figure size 640x480 with 1 Axes>'] } }],
        },
      ]),
    );
    const content = blocks((await read(context, { file_path: file })).result.block.content);
    const image = imageOf(content.find((block) => block.type === 'image'));
    expect(image.media_type).toBe('image/png');
    expect(resultText((await read(context, { file_path: file })).result)).toContain('[image output: 10×10]');
  });

  it('pages by cells with offset and limit', async () => {
    const context = readContext();
    const file = writeFixture(context, 'nb.ipynb', notebookJson(cells));
    const text = resultText((await read(context, { file_path: file, offset: 2, limit: 1 })).result);
    expect(text).toContain('<cell 2 ');
    expect(text).not.toContain('<cell 1 ');
    expect(text).not.toContain('<cell 3 ');
    expect(text).toContain('showing cells 2-2 of 3');
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(true);
  });

  it('reports invalid notebook JSON clearly', async () => {
    const context = readContext();
    const file = writeFixture(context, 'bad.ipynb', '{ not json');
    const { result } = await read(context, { file_path: file });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('not valid JSON');
  });
});
