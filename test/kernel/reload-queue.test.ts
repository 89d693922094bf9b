import { describe, expect, it } from 'vitest';
import { createReloadQueue } from '../../src/kernel/reload-queue.ts';

describe('createReloadQueue', () => {
  it('runs one reload at a time and merges the requests that arrive meanwhile into the next run', async () => {
    const runs: string[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const queue = createReloadQueue<string[], number>({
      merge: (earlier, later) => [...earlier, ...later],
      run: async (request) => {
        runs.push(request);
        if (runs.length === 1) await first;
        return runs.length;
      },
    });
    const a = queue.request(['a']);
    const b = queue.request(['b']);
    const c = queue.request(['c']);
    release();
    expect(await Promise.all([a, b, c])).toEqual([1, 2, 2]);
    expect(runs).toEqual([['a'], ['b', 'c']]);
    await queue.idle();
    expect(await queue.request(['d'])).toBe(3);
  });

  it('rejects the requests of a run that throws, and keeps going', async () => {
    let calls = 0;
    const queue = createReloadQueue<number, number>({
      merge: (earlier, later) => earlier + later,
      run: async (request) => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return request;
      },
    });
    await expect(queue.request(1)).rejects.toThrow('boom');
    expect(await queue.request(2)).toBe(2);
  });
});
