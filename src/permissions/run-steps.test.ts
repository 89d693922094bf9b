import { describe, expect, it } from 'vitest';
import { runSteps } from './run-steps.ts';

// runSteps runs a generator as an async function with an await at each yield, but returns a plain value when
// nothing yielded is a promise.

describe('runSteps', () => {
  it('returns the value itself when nothing yielded is a promise', () => {
    const result = runSteps((function* () {
      const one = (yield 1) as number;
      const two = (yield { then: undefined, value: 2 }) as { value: number };
      return one + two.value;
    })());
    expect(result).toBe(3);
  });

  it('goes on asynchronously from the first promise, passing each awaited value back in', async () => {
    const result = runSteps((function* () {
      const one = (yield 1) as number;
      const two = (yield Promise.resolve(2)) as number;
      const three = (yield 3) as number;
      const four = (yield Promise.resolve(4)) as number;
      return one + two + three + four;
    })());
    expect(result).toBeInstanceOf(Promise);
    await expect(result).resolves.toBe(10);
  });

  it('throws a rejection back in at its yield, where the body may catch it', async () => {
    const result = runSteps((function* () {
      try {
        yield Promise.reject(new Error('no'));
        return 'not reached';
      } catch (error) {
        return `caught ${(error as Error).message}`;
      }
    })());
    await expect(result).resolves.toBe('caught no');
  });

  it('rejects with what the body throws after a promise, and throws what it throws before one', async () => {
    await expect(runSteps((function* () {
      yield Promise.resolve();
      throw new Error('late');
    })())).rejects.toThrow('late');
    await expect(runSteps((function* () {
      yield Promise.reject(new Error('uncaught'));
    })())).rejects.toThrow('uncaught');
    expect(() => runSteps((function* () {
      yield 1;
      throw new Error('early');
    })())).toThrow('early');
  });
});
