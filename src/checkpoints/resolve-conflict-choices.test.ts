import { describe, expect, it } from 'vitest';
import { resolveConflictChoices } from './resolve-conflict-choices.ts';
import type { RestoreConflict } from './types.ts';

const changed = (root: string, path: string): RestoreConflict => ({ root, path, reason: 'changed-since' });

describe('resolveConflictChoices', () => {
  it('decides each conflict by the choice: all, per relative path with one root, per absolute path with several', () => {
    const a = changed('/p', 'src/a.ts');
    const b = changed('/p', 'src/b.ts');
    const gone: RestoreConflict = { root: '/p', path: 'big.bin', reason: 'large-not-kept' };
    const decide = (choice: Parameters<typeof resolveConflictChoices>[0]['choice'], severalRoots = false) => [...resolveConflictChoices({ conflicts: [a, b, gone], choice, severalRoots }).values()];
    expect(decide('fail')).toEqual([undefined, undefined, undefined]);
    expect(decide('keep')).toEqual(['keep', 'keep', 'keep']);
    // Content that is gone cannot be overwritten: it is kept.
    expect(decide('overwrite')).toEqual(['overwrite', 'overwrite', 'keep']);
    expect(decide({ 'src/a.ts': 'overwrite', 'big.bin': 'keep' })).toEqual(['overwrite', undefined, 'keep']);
    expect(decide({ 'src/a.ts': 'overwrite', '/p/src/b.ts': 'keep' }, true)).toEqual([undefined, 'keep', undefined]);
  });
});
