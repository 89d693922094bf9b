import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSessionState } from '../../session/get-session-state.ts';
import { resultText } from '../../testing/run-tool.ts';
import { readTool } from './index.ts';
import { read, readContext, writeFixture } from './test-fixtures/read.ts';

const lines = (count: number, prefix = 'line') => Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`).join('\n');

describe('Read tool definition', () => {
  it('is read-only, concurrency-safe, strict, uncapped, and targets the path for read rules', async () => {
    const input = { file_path: '/tmp/x/../a.txt' };
    expect(readTool.name).toBe('Read');
    expect(readTool.isReadOnly(input)).toBe(true);
    expect(readTool.isConcurrencySafe(input)).toBe(true);
    expect(readTool.strict).toBe(true);
    expect(readTool.maxResultSizeChars).toBe(Infinity);
    expect(readTool.searchHint).toBeTruthy();
    expect(await readTool.prompt({ permissionContext: readContext().permissionContext, tools: [] })).toContain('absolute path');
    expect(await readTool.getPermissionTargets(input, readContext())).toEqual([{ kind: 'path', path: '/tmp/x/../a.txt', access: 'read' }]); // `..` is resolved by the permission check, through links
    expect(Object.keys(readTool.jsonSchema.properties as object)).toEqual(['file_path', 'offset', 'limit', 'pages']);
  });
});

describe('Read text files', () => {
  it('numbers lines as Claude Code does (`1\\t`, no padding) and records a full read', async () => {
    const context = readContext();
    const file = writeFixture(context, 'a.txt', 'alpha\nbeta\n');
    const { result } = await read(context, { file_path: file });
    expect(result.status).toBe('ok');
    expect(resultText(result)).toBe('1\talpha\n2\tbeta');
    const record = getSessionState(context).fileReads.get(file);
    expect(record).toMatchObject({ path: file, partial: false, size: 11 });
    expect(record!.mtimeMs).toBeGreaterThan(0);
  });

  it('reads a range with offset and limit, and marks it partial', async () => {
    const context = readContext();
    const file = writeFixture(context, 'long.txt', lines(10));
    const { result } = await read(context, { file_path: file, offset: 3, limit: 2 });
    expect(resultText(result)).toMatch(/(^|\n)3\tline 3\n4\tline 4\n/);
    expect(resultText(result)).not.toContain('line 5');
    expect(resultText(result)).toContain('PARTIAL view — showing lines 3-4 of 10');
    expect(resultText(result)).toContain('offset=5');
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(true);
  });

  it('records a read through a symlink under the real path too', async () => {
    const context = readContext();
    const target = writeFixture(context, 'target.txt', 'x');
    const link = path.join(context.cwd, 'link.txt');
    symlinkSync(target, link);
    await read(context, { file_path: link });
    expect(getSessionState(context).fileReads.get(link)!.partial).toBe(false);
    expect(getSessionState(context).fileReads.get(realpathSync(target))!.partial).toBe(false);
  });

  it('keeps a full record when an unchanged file is then read in part', async () => {
    const context = readContext();
    const file = writeFixture(context, 'keep.txt', lines(5));
    await read(context, { file_path: file });
    await read(context, { file_path: file, offset: 2, limit: 1 });
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(false);
    writeFileSync(file, lines(6));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    await read(context, { file_path: file, offset: 2, limit: 1 });
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(true);
  });

  it('shows 2,000 lines by default and says how to read on', async () => {
    const context = readContext();
    const file = writeFixture(context, 'many.txt', lines(2_500));
    const { result } = await read(context, { file_path: file });
    const text = resultText(result);
    expect(text).toContain('\n2000\tline 2000');
    expect(text).not.toContain('line 2001');
    expect(text).toContain('showing lines 1-2000 of 2,500');
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(true);
  });

  it('cuts long lines at 2,000 chars with a marker', async () => {
    const context = readContext();
    const file = writeFixture(context, 'wide.txt', `short\n${'x'.repeat(5_000)}\n`);
    const text = resultText((await read(context, { file_path: file })).result);
    expect(text).toContain(`\n2\t${'x'.repeat(2_000)}… [line truncated: 5,000 chars]`);
    expect(text).toContain('cut at 2,000 characters');
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(true);
  });

  it('returns a first page with a PARTIAL notice for a whole-file read over 256 KiB', async () => {
    const context = readContext();
    const file = writeFixture(context, 'big.txt', lines(1_500, 'y'.repeat(200)));
    const { result } = await read(context, { file_path: file });
    expect(result.status).toBe('ok');
    const text = resultText(result);
    expect(text).toMatch(/\[Truncated: PARTIAL view — showing lines 1-\d+ of 1,500 \(the file is \d+ KB, over the 256 KB read at once\)/);
    expect(text.length).toBeLessThan(110_000);
    expect(getSessionState(context).fileReads.get(file)!.partial).toBe(true);
  });

  it('errors with the token count when an explicit limit asks for too much', async () => {
    const context = readContext();
    const file = writeFixture(context, 'big.txt', lines(1_500, 'y'.repeat(200)));
    const { result } = await read(context, { file_path: file, offset: 1, limit: 1_500 });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/File content \([\d,]+ tokens\) exceeds maximum allowed tokens \(25,000\)\. Use offset and limit parameters/);
    expect(getSessionState(context).fileReads.has(file)).toBe(false);
  });

  it('gives notices for an empty file and for an offset past the end', async () => {
    const context = readContext();
    const empty = writeFixture(context, 'empty.txt', '');
    const emptyResult = (await read(context, { file_path: empty })).result;
    expect(emptyResult.status).toBe('ok');
    expect(resultText(emptyResult)).toContain('the file exists but its contents are empty');
    expect(getSessionState(context).fileReads.get(empty)!.partial).toBe(false);
    const short = writeFixture(context, 'short.txt', 'one\ntwo\n');
    expect(resultText((await read(context, { file_path: short, offset: 10 })).result)).toContain(
      'shorter than the provided offset (10). The file has 2 lines.',
    );
  });

  it('handles CRLF line ends, a UTF-8 BOM and UTF-16LE', async () => {
    const context = readContext();
    const crlf = writeFixture(context, 'crlf.txt', '\uFEFFa\r\nb\r\n');
    expect(resultText((await read(context, { file_path: crlf })).result)).toBe('1\ta\n2\tb');
    const utf16 = writeFixture(context, 'utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\nwörld', 'utf16le')]));
    expect(resultText((await read(context, { file_path: utf16 })).result)).toBe('1\théllo\n2\twörld');
    const be = Buffer.from('héllo\nwörld', 'utf16le').swap16();
    const utf16be = writeFixture(context, 'utf16be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    expect(resultText((await read(context, { file_path: utf16be })).result)).toBe('1\théllo\n2\twörld');
  });
});

describe('Read input errors', () => {
  it('refuses a relative path and suggests the absolute one', async () => {
    const context = readContext();
    const { result } = await read(context, { file_path: 'src/a.ts' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain(`must be an absolute path`);
    expect(resultText(result)).toContain(path.join(context.cwd, 'src/a.ts'));
  });

  it('says a missing file does not exist, and suggests a similar name', async () => {
    const context = readContext();
    writeFixture(context, 'config.json', '{}');
    const similar = resultText((await read(context, { file_path: path.join(context.cwd, 'config.jsn') })).result);
    expect(similar).toContain('File does not exist.');
    expect(similar).toContain(`Did you mean ${path.join(context.cwd, 'config.json')}?`);
    const otherExtension = resultText((await read(context, { file_path: path.join(context.cwd, 'config.yaml') })).result);
    expect(otherExtension).toContain(`Did you mean ${path.join(context.cwd, 'config.json')}?`);
    const none = resultText((await read(context, { file_path: path.join(context.cwd, 'zzzzzzzz.md') })).result);
    expect(none).toContain('File does not exist.');
    expect(none).not.toContain('Did you mean');
  });

  it('refuses a directory and points to Glob and ls', async () => {
    const context = readContext();
    const directory = path.join(context.cwd, 'sub');
    mkdirSync(directory);
    const text = resultText((await read(context, { file_path: directory })).result);
    expect(text).toContain('is a directory');
    expect(text).toContain('Glob');
    expect(text).toContain('ls');
  });

  it('refuses a FIFO and a device with FILE_NOT_REGULAR, without reading a byte', async () => {
    const context = readContext();
    const fifo = path.join(context.cwd, 'pipe');
    execFileSync('mkfifo', [fifo]);
    for (const file_path of [fifo, '/dev/zero']) {
      const { result } = await read(context, { file_path });
      expect(result.errorCode).toBe('FILE_NOT_REGULAR');
      expect(resultText(result)).toContain(file_path);
    }
  });

  it('refuses binary files', async () => {
    const context = readContext();
    const file = writeFixture(context, 'blob.dat', Buffer.from([0, 1, 2, 3, 0, 255]));
    const unknown = writeFixture(context, 'mystery', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0]));
    expect(resultText((await read(context, { file_path: file })).result)).toContain('cannot read binary files');
    expect(resultText((await read(context, { file_path: unknown })).result)).toContain('cannot read binary files');
  });

  it('refuses pages on a non-PDF and rejects bad numbers through the schema', async () => {
    const context = readContext();
    const file = writeFixture(context, 'a.txt', 'a');
    expect(resultText((await read(context, { file_path: file, pages: '1' })).result)).toContain('PDF files only');
    expect((await read(context, { file_path: file, limit: 0 })).result.status).toBe('invalid-input');
    expect((await read(context, { file_path: file, offset: 1.5 })).result.status).toBe('invalid-input');
  });

  it('goes through read permissions: outside the working directories it asks (denied in tests)', async () => {
    const context = readContext();
    const outside = path.join(path.dirname(context.cwd), `read-outside-${process.pid}.txt`);
    writeFileSync(outside, 'secret');
    const { result } = await read(context, { file_path: outside });
    rmSync(outside);
    expect(result.status).not.toBe('ok');
    expect(getSessionState(context).fileReads.has(outside)).toBe(false);
  });
});
