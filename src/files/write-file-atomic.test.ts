import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileIdentity } from './file-identity.ts';
import { TEMP_FILE_JOURNALS } from './temp-file-journal.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'codev-atomic-'));

describe('writeFileAtomic refuses what it would replace by mistake', () => {
  it('leaves a FIFO in place with FILE_NOT_REGULAR', async () => {
    const dir = temp();
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(writeFileAtomic(fifo, 'x')).rejects.toMatchObject({ code: 'FILE_NOT_REGULAR' });
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['pipe']);
  });

  it('fails with FILE_CONFLICT when the file changed after it was read, and writes nothing', async () => {
    const dir = temp();
    const file = path.join(dir, 'a.txt');
    writeFileSync(file, 'read');
    const expected = fileIdentity(statSync(file));
    const write = writeFileAtomic(file, 'mine', { expected, hooks: { beforeRename: () => writeFileSync(file, 'theirs, same') } });
    await expect(write).rejects.toMatchObject({ code: 'FILE_CONFLICT' });
    expect(readFileSync(file, 'utf8')).toBe('theirs, same');
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('fails with FILE_CONFLICT when a file expected missing appeared', async () => {
    const dir = temp();
    const file = path.join(dir, 'new.txt');
    const write = writeFileAtomic(file, 'mine', { expected: 'missing', hooks: { beforeRename: () => writeFileSync(file, 'theirs') } });
    await expect(write).rejects.toMatchObject({ code: 'FILE_CONFLICT' });
    expect(readFileSync(file, 'utf8')).toBe('theirs');
  });

  it('a file expected missing that appears after the last check (another writer racing) is not replaced: FILE_CONFLICT', async () => {
    const dir = temp();
    const file = path.join(dir, 'new.txt');
    // The last look before the write lands is the place check; the other writer gets in right after it.
    let looks = 0;
    const checkPlace = () => {
      if (++looks === 2) writeFileSync(file, 'theirs');
    };
    await expect(writeFileAtomic(file, 'mine', { expected: 'missing', checkPlace })).rejects.toMatchObject({ code: 'FILE_CONFLICT' });
    expect(looks).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('theirs');
    expect(readdirSync(dir)).toEqual(['new.txt']);
  });

  it('writes when the file is still the one read, and returns what a read of it would record', async () => {
    const dir = temp();
    const file = path.join(dir, 'a.txt');
    writeFileSync(file, 'read');
    const written = await writeFileAtomic(file, 'mine', { expected: fileIdentity(statSync(file)) });
    const now = statSync(file);
    expect(written).toEqual({ path: file, mtimeMs: now.mtimeMs, size: 4 });
  });
});

describe('writeFileAtomic journals its temp file', () => {
  it('lists the temp file in the process journal before the rename', async () => {
    const file = path.join(temp(), 'a.txt');
    let listed = false;
    await writeFileAtomic(file, 'x', {
      hooks: {
        beforeRename: (tempPath) => {
          listed = readFileSync(path.join(TEMP_FILE_JOURNALS, `${process.pid}.log`), 'utf8').split('\n').includes(tempPath);
        },
      },
    });
    expect(listed).toBe(true);
  });
});
