import { describe, expect, it } from 'vitest';
import { loadFleetModules } from './load-fleet-modules.ts';

describe('loadFleetModules', () => {
  it('loads bullmq and the ioredis client class once per process', async () => {
    const modules = await loadFleetModules();
    expect(typeof modules.bullmq.Queue).toBe('function');
    expect(typeof modules.Redis).toBe('function');
    expect(loadFleetModules()).toBe(loadFleetModules());
  });
});
