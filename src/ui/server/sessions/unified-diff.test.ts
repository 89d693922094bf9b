import { describe, expect, it } from 'vitest';
import { fileDiffOf } from './file-diff-of.ts';
import { MAX_DIFF_LINES, unifiedDiff } from './unified-diff.ts';

describe('unifiedDiff', () => {
  it('keeps the unchanged lines around a change as context and matches the lines in between', () => {
    expect(unifiedDiff('a\nb\nc\nd\ne', 'a\nB\nc\nD\ne').lines).toEqual(['@@ -1,5 +1,5 @@', ' a', '-b', '+B', ' c', '-d', '+D', ' e']);
  });

  it('shows a pure insertion and a pure removal', () => {
    expect(unifiedDiff('a\nc', 'a\nb\nc').lines).toEqual(['@@ -1,2 +1,3 @@', ' a', '+b', ' c']);
    expect(unifiedDiff('a\nb\nc', 'a\nc').lines).toEqual(['@@ -1,3 +1,2 @@', ' a', '-b', ' c']);
  });

  it('cuts a huge change and says so', () => {
    const before = Array.from({ length: 2000 }, (_, index) => `old ${index}`).join('\n');
    const after = Array.from({ length: 2000 }, (_, index) => `new ${index}`).join('\n');
    const diff = unifiedDiff(before, after);
    expect(diff.truncated).toBe(true);
    expect(diff.lines).toHaveLength(MAX_DIFF_LINES);
  });
});

describe('fileDiffOf', () => {
  it('adds every line of a Write, joins the edits of a MultiEdit, and ignores other tools', () => {
    expect(fileDiffOf('Write', { file_path: '/p/a.txt', content: 'x\ny\n' })).toEqual({ path: '/p/a.txt', lines: ['@@ -0,0 +1,2 @@', '+x', '+y'] });
    const multi = fileDiffOf('MultiEdit', { file_path: '/p/a.txt', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] });
    expect(multi!.lines).toEqual(['@@ -1,1 +1,1 @@', '-a', '+b', '@@ -1,1 +1,1 @@', '-c', '+d']);
    expect(fileDiffOf('Read', { file_path: '/p/a.txt' })).toBeUndefined();
    expect(fileDiffOf('Edit', { file_path: '/p/a.txt', old_string: 3 })).toBeUndefined();
  });

  it('marks a Write larger than it diffs as truncated', () => {
    expect(fileDiffOf('Write', { file_path: '/p/a.txt', content: 'x\n'.repeat(1000) })).toMatchObject({ truncated: true });
  });
});
