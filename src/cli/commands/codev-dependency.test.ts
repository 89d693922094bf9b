import { describe, expect, it } from 'vitest';
import { codevDependency } from './codev-dependency.ts';

describe('codevDependency', () => {
  it('an installed codev (npx cache, a project) is named by a range of its version, never by its folder', () => {
    expect(codevDependency({ root: '/home/me/.npm/_npx/1a2b/node_modules/codev', version: '0.4.1' })).toBe('^0.4.1');
    expect(codevDependency({ root: '/work/app/node_modules/codev', version: '1.0.0' })).toBe('^1.0.0');
  });

  it('a codev run from its clone is linked with file:, as no published version need exist', () => {
    expect(codevDependency({ root: '/work/codev', version: '0.1.0' })).toBe('file:/work/codev');
  });
});
