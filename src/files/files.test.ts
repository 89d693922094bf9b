import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getGitDiffState } from './git-state.ts';
import { snippetFromPatch } from './snippet.ts';
import { structuredPatch } from './structured-patch.ts';
import { decodeText, detectLineEnding, encodeText } from './text-encoding.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'codev-files-'));

describe('text encoding', () => {
  it('round-trips UTF-8, UTF-8 BOM, UTF-16 LE and BE byte-exactly', () => {
    for (const encoding of ['utf8', 'utf8-bom', 'utf16le', 'utf16be'] as const) {
      const bytes = encodeText('héllo\r\nwörld ✓\r\n', encoding);
      const decoded = decodeText(bytes);
      expect(decoded.ok && decoded.value.encoding).toBe(encoding);
      expect(decoded.ok && decoded.value.text).toBe('héllo\r\nwörld ✓\r\n');
      expect(decoded.ok && decoded.value.lineEnding).toBe('\r\n');
    }
  });

  it('refuses bytes it could not write back unchanged', () => {
    expect(decodeText(Buffer.from([0x61, 0xff, 0x62])).ok).toBe(false);
    expect(decodeText(Buffer.from([0x61, 0x00, 0x62])).ok).toBe(false);
  });

  it('detects the dominant line ending', () => {
    expect(detectLineEnding('a\r\nb\r\nc\n')).toBe('\r\n');
    expect(detectLineEnding('a\nb\r\nc\n')).toBe('\n');
    expect(detectLineEnding('abc')).toBe('\n');
  });
});

describe('structuredPatch', () => {
  it('makes one hunk with three lines of context', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 10\n', 'line ten\nline 10.5\n');
    const hunks = structuredPatch(before, after);
    expect(hunks).toEqual([
      {
        oldStart: 7,
        oldLines: 7,
        newStart: 7,
        newLines: 8,
        lines: [' line 7', ' line 8', ' line 9', '-line 10', '+line ten', '+line 10.5', ' line 11', ' line 12', ' line 13'],
      },
    ]);
    expect(snippetFromPatch(hunks).split('\n')[3]).toBe('10\tline ten');
  });

  it('splits distant changes, merges near ones, and handles creation and deletion', () => {
    const before = Array.from({ length: 30 }, (_, i) => `l${i + 1}`).join('\n');
    const after = before.replace('l2\n', 'L2\n').replace('l28\n', 'L28\n');
    expect(structuredPatch(before, after)).toHaveLength(2);
    const near = before.replace('l2\n', 'L2\n').replace('l9\n', 'L9\n');
    expect(structuredPatch(before, near)).toHaveLength(1);
    expect(structuredPatch('', 'a\nb\n')).toEqual([{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, lines: ['+a', '+b'] }]);
    expect(structuredPatch('a\nb\n', '')).toEqual([{ oldStart: 1, oldLines: 2, newStart: 0, newLines: 0, lines: ['-a', '-b'] }]);
    expect(structuredPatch('same\n', 'same\n')).toEqual([]);
  });

  it('finds a minimal diff inside a changed middle', () => {
    const hunks = structuredPatch('a\nb\nc\nd\ne\n', 'a\nx\nc\ny\ne\n', 0);
    expect(hunks.map((hunk) => hunk.lines)).toEqual([['-b', '+x'], ['-d', '+y']]);
    expect(hunks[1]).toMatchObject({ oldStart: 4, newStart: 4 });
  });
});

describe('writeFileAtomic', () => {
  it('keeps the mode and leaves no temp file', async () => {
    const dir = temp();
    const file = path.join(dir, 'run.sh');
    writeFileSync(file, 'old');
    chmodSync(file, 0o755);
    await writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(statSync(file).mode & 0o777).toBe(0o755);
    expect(readdirSync(dir)).toEqual(['run.sh']);
  });

  it('leaves the original intact and removes the temp file when the write fails', async () => {
    const dir = temp();
    const file = path.join(dir, 'keep.txt');
    writeFileSync(file, 'original');
    const failing = writeFileAtomic(file, 'replacement', {
      hooks: {
        beforeRename: () => {
          throw new Error('disk full');
        },
      },
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(readFileSync(file, 'utf8')).toBe('original');
    expect(readdirSync(dir)).toEqual(['keep.txt']);
  });

  it('updates the target of a symlink and keeps the link', async () => {
    const dir = temp();
    const target = path.join(dir, 'target.txt');
    const link = path.join(dir, 'link.txt');
    writeFileSync(target, 'old');
    symlinkSync(target, link);
    expect((await writeFileAtomic(link, 'new')).path).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readdirSync(dir).sort()).toEqual(['link.txt', 'target.txt']);
    expect(statSync(link).isFile()).toBe(true);
  });

  it('creates missing parent directories', async () => {
    const dir = temp();
    await writeFileAtomic(path.join(dir, 'a', 'b', 'c.txt'), 'x');
    expect(readFileSync(path.join(dir, 'a', 'b', 'c.txt'), 'utf8')).toBe('x');
  });
});

describe('getGitDiffState', () => {
  it('reports tracked (with the diff), untracked, and outside a repo', async () => {
    const repo = temp();
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
    git('init', '-q');
    git('config', 'user.name', 'Test');
    git('config', 'user.email', 'test@example.com');
    writeFileSync(path.join(repo, 'a.txt'), 'one\n');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'init');
    writeFileSync(path.join(repo, 'a.txt'), 'two\n');
    writeFileSync(path.join(repo, 'new.txt'), 'x\n');
    const tracked = await getGitDiffState(path.join(repo, 'a.txt'));
    expect(tracked).toMatchObject({ tracked: true });
    expect(tracked?.diff).toContain('-one');
    expect(tracked?.diff).toContain('+two');
    expect(await getGitDiffState(path.join(repo, 'new.txt'))).toMatchObject({ tracked: false });
    const outside = temp();
    mkdirSync(path.join(outside, 'sub'));
    writeFileSync(path.join(outside, 'sub', 'f.txt'), 'x');
    expect(await getGitDiffState(path.join(outside, 'sub', 'f.txt'))).toBeUndefined();
  });
});
