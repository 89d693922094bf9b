import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { resolveFleetTarget } from './resolve-fleet-target.ts';

let project: string;
beforeEach(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-target-'));
  writeFileSync(path.join(project, 'package.json'), '{}');
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const configure = (fleet: unknown) => writeFileSync(path.join(project, 'codev.config.json'), JSON.stringify({ fleet }));

describe('resolveFleetTarget', () => {
  it('takes --redis, then CODEV_REDIS_URL, then the config; --queue, then the config, then "codev"', async () => {
    configure({ redisUrl: 'redis://config:6379', queue: 'from-config' });
    const env = { CODEV_REDIS_URL: 'redis://environment:6379' };
    expect(await resolveFleetTarget({ redis: 'redis://flag:6379', queue: 'flag', cwd: project, env })).toEqual({ url: 'redis://flag:6379', queue: 'flag', redisGiven: true, program: 'codev' });
    expect(await resolveFleetTarget({ cwd: project, env })).toEqual({ url: 'redis://environment:6379', queue: 'from-config', redisGiven: false, program: 'codev' });
    expect(await resolveFleetTarget({ cwd: project, env: {} })).toEqual({ url: 'redis://config:6379', queue: 'from-config', redisGiven: false, program: 'codev' });
    configure({ redisUrl: 'redis://config:6379' });
    expect((await resolveFleetTarget({ cwd: project, env: {} })).queue).toBe('codev');
    // Run through npx (npm sets npm_command=exec), the commands it prints say so: a project install has no codev on PATH.
    expect((await resolveFleetTarget({ cwd: project, env: { npm_command: 'exec' } })).program).toBe('npx codev');
  });

  it('says FLEET_NOT_CONFIGURED without a URL anywhere, and CLI_USAGE for a malformed flag', async () => {
    expect(await rejectionCode(resolveFleetTarget({ cwd: project, env: {} }))).toBe('FLEET_NOT_CONFIGURED');
    expect(await rejectionCode(resolveFleetTarget({ redis: 'localhost:6379', cwd: project, env: {} }))).toBe('CLI_USAGE');
    expect(await rejectionCode(resolveFleetTarget({ redis: 'redis://localhost:6379', queue: 'a queue', cwd: project, env: {} }))).toBe('CLI_USAGE');
  });
});
