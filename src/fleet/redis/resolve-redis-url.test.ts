import { describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { resolveRedisUrl } from './resolve-redis-url.ts';

function failure(run: () => unknown): CodevError {
  try {
    run();
  } catch (error) {
    return error as CodevError;
  }
  throw new Error('expected an error');
}

describe('resolveRedisUrl', () => {
  it('takes CODEV_REDIS_URL before the configured fleet.redisUrl', () => {
    expect(resolveRedisUrl({ env: { CODEV_REDIS_URL: 'redis://10.0.0.5:6379' }, configured: 'redis://127.0.0.1:6379' })).toBe('redis://10.0.0.5:6379');
    expect(resolveRedisUrl({ env: {}, configured: 'rediss://cache.example:6380/2' })).toBe('rediss://cache.example:6380/2');
    expect(resolveRedisUrl({ env: { CODEV_REDIS_URL: 'redis://10.0.0.5:6379' }, given: 'redis://127.0.0.1:6380' })).toBe('redis://127.0.0.1:6380');
    expect(failure(() => resolveRedisUrl({ env: { CODEV_REDIS_URL: 'redis://10.0.0.5:6379' }, given: 'localhost:6379' })).field).toBe('connection');
  });

  it('says FLEET_NOT_CONFIGURED when neither is set, naming both', () => {
    const error = failure(() => resolveRedisUrl({ env: { CODEV_REDIS_URL: '  ' } }));
    expect(error.code).toBe('FLEET_NOT_CONFIGURED');
    expect(error.hint).toContain('CODEV_REDIS_URL');
    expect(error.hint).toContain('fleet.redisUrl');
  });

  it('refuses a value that is not a redis:// or rediss:// URL, naming it without its password', () => {
    const error = failure(() => resolveRedisUrl({ env: { CODEV_REDIS_URL: 'http://user:s3cret@cache:6379' } }));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.field).toBe('CODEV_REDIS_URL');
    expect(error.message).toContain('http://user:***@cache:6379');
    expect(failure(() => resolveRedisUrl({ env: {}, configured: '127.0.0.1:6379' })).field).toBe('fleet.redisUrl');
  });
});
