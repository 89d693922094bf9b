import { describe, expect, it } from 'vitest';
import type { PermissionBehavior } from '../types.ts';
import { parsePathPattern } from './parse-path-pattern.ts';

const anchors = { cwd: '/proj/', root: '/proj/config', home: '/home/u' };
const parse = (pattern: string, behavior: PermissionBehavior = 'allow') => parsePathPattern({ pattern, behavior, ...anchors });

describe('parsePathPattern', () => {
  it('resolves each anchor and folds literal leading segments into the base', () => {
    expect(parse('//etc/ssh/*')).toEqual({ base: '/etc/ssh', segments: ['*'] });
    expect(parse('~/.ssh/id_*')).toEqual({ base: '/home/u/.ssh', segments: ['id_*'] });
    expect(parse('/src/*.ts')).toEqual({ base: '/proj/config/src', segments: ['*.ts'] });
    expect(parse('./src/*.ts')).toEqual({ base: '/proj/src', segments: ['*.ts'] });
    expect(parse('src/a/*.ts')).toEqual({ base: '/proj/src/a', segments: ['*.ts'] });
  });

  it('turns trailing / and /** into a descendant wildcard', () => {
    expect(parse('./src/')).toEqual({ base: '/proj/src', segments: ['**'] });
    expect(parse('./src/**')).toEqual({ base: '/proj/src', segments: ['**'] });
    expect(parse('~')).toEqual({ base: '/home/u', segments: [] });
    expect(parse('~/')).toEqual({ base: '/home/u', segments: ['**'] });
  });

  it('makes bare names any-depth: under the cwd for allow, anywhere for deny and ask', () => {
    expect(parse('.env')).toEqual({ base: '/proj', segments: ['**', '.env'] });
    expect(parse('.env', 'deny')).toEqual({ base: '/', segments: ['**', '.env', '**'] });
    expect(parse('secrets/**', 'ask')).toEqual({ base: '/', segments: ['**', 'secrets', '**'] });
    expect(parse('secrets/**')).toEqual({ base: '/proj/secrets', segments: ['**'] });
  });

  it('resolves .. in the literal part and is undefined when empty', () => {
    expect(parse('../shared/*')).toEqual({ base: '/shared', segments: ['*'] });
    expect(parse('//a/../../b/*')).toEqual({ base: '/b', segments: ['*'] });
    expect(parse('  ')).toBeUndefined();
  });
});
