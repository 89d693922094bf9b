import { describe, expect, it } from 'vitest';
import { classifyRedisError } from './classify-redis-error.ts';

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:6379`), { code });

describe('classifyRedisError', () => {
  it('tells a refusal (auth), an unreachable server (connection) and anything else (undefined) apart', () => {
    for (const reply of ['WRONGPASS invalid username-password pair or user is disabled.', 'NOAUTH Authentication required.', "NOPERM this user has no permissions to run the 'info' command"]) expect(classifyRedisError(new Error(reply))).toBe('auth');
    expect(classifyRedisError(socketError('ECONNREFUSED'))).toBe('connection');
    expect(classifyRedisError(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], ''))).toBe('connection');
    expect(classifyRedisError(Object.assign(new Error('Reached the max retries per request limit (which is 20).'), { name: 'MaxRetriesPerRequestError' }))).toBe('connection');
    expect(classifyRedisError(new Error('Connection is closed.'))).toBe('connection');
    expect(classifyRedisError(new Error('ERR syntax error'))).toBeUndefined();
    expect(classifyRedisError(new Error('Missing lock for job 1. moveToFinished'))).toBeUndefined();
  });
});
