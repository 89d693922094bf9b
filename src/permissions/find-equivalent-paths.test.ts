import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findEquivalentPaths } from './find-equivalent-paths.ts';

describe('findEquivalentPaths', () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-forms-')));
  mkdirSync(path.join(root, 'donne\u0301es'));
  writeFileSync(path.join(root, 'donne\u0301es', 'caf\u00e9.txt'), '');
  writeFileSync(path.join(root, 'donne\u0301es', 'cafe\u0301.txt'), '');
  writeFileSync(path.join(root, 'plain.txt'), '');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds every name on disk that is the target in some form, folder by folder', async () => {
    const found = await findEquivalentPaths(path.join(root, 'donn\u00e9es', 'caf\u00e9.txt'));
    expect(found.sort()).toEqual([path.join(root, 'donne\u0301es', 'caf\u00e9.txt'), path.join(root, 'donne\u0301es', 'cafe\u0301.txt')].sort());
  });

  it('checks an ASCII path for existence only', async () => {
    expect(await findEquivalentPaths(path.join(root, 'plain.txt'))).toEqual([path.join(root, 'plain.txt')]);
    expect(await findEquivalentPaths(path.join(root, 'missing.txt'))).toEqual([]);
    expect(await findEquivalentPaths(path.join(root, 'donn\u00e9es', 'missing\u00e9'))).toEqual([]);
  });
});
