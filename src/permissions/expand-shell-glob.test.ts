import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandShellGlob } from './expand-shell-glob.ts';

describe('expandShellGlob', () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-glob-')));
  for (const file of ['.env', '.env.local', 'a.ts', 'b.ts', 'src/x.ts', 'src/deep/y.ts']) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
  }
  const names = async (pattern: string) => {
    const expansion = await expandShellGlob(path.join(root, pattern));
    return 'paths' in expansion ? expansion.paths.map((file) => path.relative(root, file)).sort() : { below: path.relative(root, expansion.below) };
  };

  it('matches like bash with dotglob and globstar, so never fewer files than a run', async () => {
    expect(await names('.e*')).toEqual(['.env', '.env.local']);
    expect(await names('*.ts')).toEqual(['a.ts', 'b.ts']);
    expect(await names('*')).toContain('.env');
    expect(await names('src/**/*.ts')).toEqual(['src/deep/y.ts', 'src/x.ts']);
    expect(await names('?.ts')).toEqual(['a.ts', 'b.ts']);
    expect(await names('[ab].ts')).toEqual(['a.ts', 'b.ts']);
  });

  it('gives the pattern itself when nothing matches (bash passes it on), and the fixed folder when too much does', async () => {
    expect(await names('*.none')).toEqual(['*.none']);
    const many = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-glob-many-')));
    for (let index = 0; index < 250; index++) writeFileSync(path.join(many, `f${index}`), '');
    expect(await expandShellGlob(path.join(many, 'f*'))).toEqual({ below: many });
  });
});
