import { describe, expect, it } from 'vitest';
import { redactRedisUrl } from './redact-redis-url.ts';

describe('redactRedisUrl', () => {
  it('hides the password, and a lone user part (ioredis reads it as the password), and keeps the rest', () => {
    expect(redactRedisUrl('redis://user:pw@host:6379/1')).toBe('redis://user:***@host:6379/1');
    expect(redactRedisUrl('redis://:pw@host')).toBe('redis://:***@host');
    expect(redactRedisUrl('redis://secret@host:6379')).toBe('redis://***@host:6379');
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactRedisUrl('not a url //user:pw@host')).toBe('not a url //***@host');
  });
});
