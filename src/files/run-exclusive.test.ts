import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runExclusive } from './run-exclusive.ts';

const queues = () => (globalThis as Record<symbol, unknown>)[Symbol.for('codev.files.exclusiveQueues')] as Map<string, unknown>;

describe('runExclusive', () => {
  it('runs the actions of one key one at a time, in order, and forgets the key when idle', async () => {
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} start`);
      await sleep(5);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all(['a', 'b', 'c'].map((name) => runExclusive('/k', step(name))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(queues().has('/k')).toBe(false);
  });

  it('lets different keys run at the same time, and goes on after an action that throws', async () => {
    let running = 0;
    let most = 0;
    const action = async () => {
      most = Math.max(most, ++running);
      await sleep(5);
      running--;
    };
    await Promise.all([runExclusive('/x', action), runExclusive('/y', action)]);
    expect(most).toBe(2);
    await expect(runExclusive('/x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await runExclusive('/x', async () => 'after')).toBe('after');
  });

  it('stops waiting on abort with TOOL_ABORTED, and those behind still wait for the one ahead', async () => {
    let releaseFirst!: () => void;
    const log: string[] = [];
    const first = runExclusive('/z', () => new Promise<void>((resolve) => (releaseFirst = () => (log.push('first end'), resolve()))));
    const controller = new AbortController();
    const aborted = runExclusive('/z', async () => void log.push('aborted ran'), { signal: controller.signal });
    const third = runExclusive('/z', async () => void log.push('third'));
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ code: 'TOOL_ABORTED' });
    await sleep(5);
    expect(log).toEqual([]);
    releaseFirst();
    await Promise.all([first, third]);
    expect(log).toEqual(['first end', 'third']);
  });
});
