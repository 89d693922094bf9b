import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { validateConfig } from './validate-config.ts';

function invalidField(value: unknown): string | undefined {
  try {
    validateConfig({ value, file: '/project/codev.config.ts' });
  } catch (error) {
    if (CodevError.isInstance(error) && error.code === 'CONFIG_INVALID') return error.field;
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe('the fleet settings of the config', () => {
  it('are optional, and keep a Redis URL and a queue name', () => {
    expect(validateConfig({ value: {} }).fleet).toBeUndefined();
    expect(validateConfig({ value: { fleet: { redisUrl: ' redis://127.0.0.1:6379 ', queue: 'reviews.v2' } } }).fleet).toEqual({ redisUrl: 'redis://127.0.0.1:6379', queue: 'reviews.v2' });
    expect(validateConfig({ value: { fleet: {} } }).fleet).toEqual({});
    expect(validateConfig({ value: { fleet: { trustedRepositories: [' git@github.com:acme/* '] } } }).fleet).toEqual({ trustedRepositories: ['git@github.com:acme/*'] });
    expect(validateConfig({ value: { fleet: { retention: ' 3d ' } } }).fleet).toEqual({ retention: '3d' });
  });

  it('refuse a queue name that cannot be part of a Redis key, and unknown keys', () => {
    expect(invalidField({ fleet: { queue: 'my queue' } })).toBe('fleet.queue');
    expect(invalidField({ fleet: { queue: '' } })).toBe('fleet.queue');
    expect(invalidField({ fleet: { redisUrl: '' } })).toBe('fleet.redisUrl');
    expect(invalidField({ fleet: { url: 'redis://127.0.0.1:6379' } })).toBe('fleet.url');
    expect(invalidField({ fleet: { trustedRepositories: [''] } })).toBe('fleet.trustedRepositories[0]');
    expect(invalidField({ fleet: { trustedRepositories: 'git@github.com:acme/*' } })).toBe('fleet.trustedRepositories');
    expect(invalidField({ fleet: { retention: 'a week' } })).toBe('fleet.retention');
  });
});
