/**
 * What an operator meets with a Redis password, against a real redis-server, real `codev worker` and
 * `codev queue` processes and a real shell:
 * - a worker whose Redis starts refusing it (the password changed, the user revoked) while it runs exits
 *   with 1 and FLEET_REDIS_AUTH_FAILED, as at its start, instead of printing the refusal for ever;
 * - the commands codev prints after a `--redis` URL with a password run as printed in a shell, and do not
 *   show the password; run under npx (a project install, no `codev` on the PATH) they say `npx codev`;
 * - `codev queue watch` whose Redis freezes (SIGSTOP: a partition that sends no reset) ends with
 *   FLEET_REDIS_UNREACHABLE, as for a Redis that went away, instead of waiting for ever.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { BIN, runProcess, type ProcessRun } from '../cli/run-codev.ts';
import { exitOf, killCodevProcesses, startCodevProcess, type CodevProcess } from '../cli/start-codev-process.ts';

/** Past this, what should have happened at once is taken to hang. */
const HANG_GUARD_MS = 30_000;
const PASSWORD = 'horse-battery-staple';

let project: string;
let redis: RedisServer;
let queueNumber = 0;
const nextQueue = () => `attack-${++queueNumber}`;
const url = (auth: string) => `redis://${auth}@127.0.0.1:${redis.port}`;

beforeAll(async () => {
  project = mkdtempSync(path.join(os.tmpdir(), 'codev-operator-attack-'));
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'x' };\n");
  redis = await startRedisServer({ password: PASSWORD });
}, 30_000);
afterAll(async () => {
  killCodevProcesses();
  await redis?.stop();
  rmSync(project, { recursive: true, force: true });
});
afterEach(() => killCodevProcesses());

/** `command` run by sh in the test project with `env`; SIGKILLed (code null) past the guard. */
function shell(command: string, env: Record<string, string> = {}): Promise<ProcessRun> {
  return runProcess({ command: 'sh', args: ['-c', command], cwd: project, env, timeoutMs: HANG_GUARD_MS });
}

describe('a Redis that refuses a running worker', () => {
  it('makes the worker exit with 1 and FLEET_REDIS_AUTH_FAILED, said once', async () => {
    const worker = startCodevProcess({ args: ['worker', '--no-model-check', '--redis', url(`:${PASSWORD}`), '--queue', nextQueue()], cwd: project });
    await worker.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: HANG_GUARD_MS });
    const admin = new Redis(url(`:${PASSWORD}`));
    try {
      // The operator rotates the password; the worker's connections are cut and reconnect with the old one.
      await admin.call('CONFIG', 'SET', 'requirepass', 'a-new-password');
      await admin.call('CLIENT', 'KILL', 'TYPE', 'normal');
      const code = await exitOf(worker, HANG_GUARD_MS);
      expect(code, worker.stderr()).toBe(1);
      const after = worker.stderr().split('codev worker: ready')[1]!;
      expect(after.match(/FLEET_REDIS_AUTH_FAILED/g), after).toHaveLength(1);
      expect(after).not.toMatch(/worker error/);
      expect(after).not.toContain(PASSWORD);
    } finally {
      admin.disconnect();
      const restore = new Redis(url(':a-new-password'));
      await restore.call('CONFIG', 'SET', 'requirepass', PASSWORD);
      restore.disconnect();
    }
  }, 120_000);
});

describe('a Redis user that may connect but not run BullMQ scripts', () => {
  it('makes the worker exit with 1 and FLEET_REDIS_AUTH_FAILED, said once, and nothing else failing after it', async () => {
    const admin = new Redis(url(`:${PASSWORD}`));
    await admin.call('ACL', 'SETUSER', 'no-scripts', 'on', '>no-scripts-secret', '~*', '&*', '+@all', '-eval', '-evalsha', '-fcall');
    admin.disconnect();
    const worker = startCodevProcess({ args: ['worker', '--no-model-check', '--redis', url('no-scripts:no-scripts-secret'), '--queue', nextQueue()], cwd: project });
    const code = await exitOf(worker, HANG_GUARD_MS);
    expect(code, worker.stderr()).toBe(1);
    expect(worker.stderr().match(/FLEET_REDIS_AUTH_FAILED/g), worker.stderr()).toHaveLength(1);
    expect(worker.stderr()).not.toMatch(/worker error|failed:/);
    expect(worker.stderr()).not.toContain('no-scripts-secret');
  }, 120_000);
});

describe('the commands codev prints after a --redis URL with a password', () => {
  it('run as printed in a shell that has CODEV_REDIS_URL, and never show the password', async () => {
    const queue = nextQueue();
    const add = await shell(`node ${BIN} queue add agent.ts --prompt 'say done' --queue ${queue} --redis '${url(`:${PASSWORD}`)}'`);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).not.toContain(PASSWORD);
    const printed = /follow them with: (codev queue watch [^(\n]*?)\s*(?:\(|$)/m.exec(add.stderr)?.[1];
    expect(printed, add.stderr).toBeDefined();
    expect(printed).toContain('CODEV_REDIS_URL');
    // Watch would wait for the job to end: status takes the same target, and ends at once.
    const status = await shell(`node ${BIN} ${printed!.slice('codev '.length).replace(/^queue watch \S+/, 'queue status --json')}`, { CODEV_REDIS_URL: url(`:${PASSWORD}`) });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).jobs).toMatchObject([{ id: add.stdout.trim() }]);
  }, 120_000);
});

describe('the commands codev prints when it runs under npx', () => {
  it('say npx codev, and run as printed where codev is installed in the project only', async () => {
    mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(BIN, path.join(project, 'node_modules', '.bin', 'codev'));
    const queue = nextQueue();
    const env = { CODEV_REDIS_URL: url(`:${PASSWORD}`), npm_config_offline: 'true' };
    const add = await shell(`npx --no-install codev queue add agent.ts --prompt 'say done' --queue ${queue}`, env);
    expect(add.code, add.stderr).toBe(0);
    const printed = /follow them with: (\S.*)$/m.exec(add.stderr)?.[1];
    expect(printed, add.stderr).toMatch(/^npx codev queue watch /);
    const status = await shell(printed!.replace(/ queue watch \S+/, ' queue status --json').replace(/^npx /, 'npx --no-install '), env);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).jobs).toMatchObject([{ id: add.stdout.trim() }]);
  }, 120_000);
});

/**
 * Adds a job on a Redis of its own, starts `codev queue watch` on it, SIGSTOPs that Redis once the watch reads
 * its events, and runs `check`; then lets Redis go on and stops it.
 */
async function whileWatchedRedisFreezes(check: (watch: CodevProcess) => Promise<void>): Promise<void> {
  const frozen = await startRedisServer();
  const target = ['--redis', frozen.url, '--queue', nextQueue()];
  try {
    const add = await shell(`node ${BIN} queue add agent.ts --prompt 'say done' ${target.join(' ')}`);
    expect(add.code, add.stderr).toBe(0);
    const watch = startCodevProcess({ args: ['queue', 'watch', add.stdout.trim(), ...target], cwd: project });
    const admin = new Redis(frozen.url);
    try {
      while (!String(await admin.call('CLIENT', 'LIST')).includes('codev-fleet:events')) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      admin.disconnect();
    }
    process.kill(frozen.pid, 'SIGSTOP');
    await check(watch);
  } finally {
    process.kill(frozen.pid, 'SIGCONT');
    await frozen.stop();
  }
}

describe('a Redis that freezes', () => {
  it('ends codev queue watch with FLEET_REDIS_UNREACHABLE', async () => {
    await whileWatchedRedisFreezes(async (watch) => {
      const code = await exitOf(watch, HANG_GUARD_MS);
      expect(code, watch.stderr()).toBe(1);
      expect(watch.stderr()).toContain('FLEET_REDIS_UNREACHABLE');
    });
  }, 120_000);

  it('lets Ctrl-C stop codev queue watch with 130, not wait for the frozen read to fail', async () => {
    await whileWatchedRedisFreezes(async (watch) => {
      watch.child.kill('SIGINT');
      const code = await exitOf(watch, HANG_GUARD_MS);
      expect(code, watch.stderr()).toBe(130);
      expect(watch.stderr()).not.toContain('FLEET_REDIS_UNREACHABLE');
    });
  }, 120_000);
});
