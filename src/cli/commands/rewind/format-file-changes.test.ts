import { describe, expect, it } from 'vitest';
import type { FileChange } from '../../../checkpoints/types.ts';
import { displayPath, formatFileChanges, summarizeFileChanges } from './format-file-changes.ts';

const ROOT = '/project';
const change = (path: string, status: FileChange['status'], more: Partial<FileChange> = {}): FileChange => ({ root: ROOT, path, status, ...more });

describe('formatFileChanges', () => {
  it('gives each file its status letter, its path from the folder, and its line counts, aligned', () => {
    const changes = [change('src/a.ts', 'modified', { additions: 3, deletions: 1 }), change('b', 'deleted', { additions: 0, deletions: 2 }), change('logo.png', 'added', { binary: true }), change('big.bin', 'modified', { large: true }), change('link', 'type-changed'), change('run.sh', 'mode-changed', { additions: 0, deletions: 0 })];
    expect(formatFileChanges({ changes, cwd: ROOT, indent: '' })).toEqual(['M src/a.ts  +3 -1', 'D b         +0 -2', 'A logo.png  binary', 'M big.bin   large', 'T link', 'X run.sh    +0 -0']);
    expect(formatFileChanges({ changes, cwd: `${ROOT}/src`, indent: '', max: 1 })).toEqual(['M a.ts  +3 -1', '… and 5 more']);
    expect(formatFileChanges({ changes: changes.slice(0, 2), cwd: ROOT, indent: '', note: (file) => (file.path === 'b' ? '(changed since)' : undefined) })).toEqual(['M src/a.ts  +3 -1', 'D b         +0 -2  (changed since)']);
  });

  it('sums the files and lines', () => {
    expect(summarizeFileChanges([change('a', 'added', { additions: 4, deletions: 0 }), change('b', 'added', { binary: true })])).toBe('2 files, +4 -0');
    expect(summarizeFileChanges([change('a', 'deleted', { additions: 0, deletions: 1 })])).toBe('1 file, +0 -1');
    expect(summarizeFileChanges([])).toBe('no change');
  });

  it('names a file of another root by its absolute path', () => {
    expect(displayPath({ root: '/elsewhere', path: 'x.ts' }, ROOT)).toBe('/elsewhere/x.ts');
  });
});
