import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import type { Fleet } from '../../src/fleet/types.ts';
import { createFakeMessagesServer, type FakeMessagesServer } from '../../src/testing/index.ts';
import { killCodevProcesses, startCodevProcess, type CodevProcess } from '../cli/start-codev-process.ts';

type MessagesScript = Parameters<typeof createFakeMessagesServer>[0]['script'];

/** What a fleet attack test shares: its temp folder, a real Redis, a fake Messages API and a real `codev worker`. */
export interface FleetAttackSetup {
  /** The test file's temp folder (a real path). */
  readonly run: string;
  readonly redis: RedisServer;
  readonly server: FakeMessagesServer;
  /**
   * Starts a `codev worker` process on a fresh queue, with the agent scripts in `scripts` (also its working
   * directory unless `cwd` says otherwise) and a workspace root of its own, waits until it is ready, and connects
   * a fleet to the queue. Both are stopped after each test.
   */
  startWorker(options: { scripts: string; cwd?: string; workspaceRoot?: string; args?: readonly string[]; env?: Record<string, string> }): Promise<Fleet>;
}

/**
 * Registers the hooks of a fleet attack test file: before all, a temp folder (`prepare` fills it), Redis and the
 * fake Messages API playing `script`; after each test, the worker and fleet stopped (then `afterEachTest`); after
 * all, everything stopped and removed.
 */
export function useFleetAttackSetup(options: { prefix: string; prepare: (run: string) => void; script: MessagesScript; afterEachTest?: () => void }): FleetAttackSetup {
  let run = '';
  let redis: RedisServer | undefined;
  let server: FakeMessagesServer | undefined;
  let worker: CodevProcess | undefined;
  let fleet: Fleet | undefined;
  let queueNumber = 0;
  beforeAll(async () => {
    run = realpathSync(mkdtempSync(path.join(os.tmpdir(), `codev-fleet-${options.prefix}-`)));
    options.prepare(run);
    redis = await startRedisServer();
    server = await createFakeMessagesServer({ apiKey: 'test-key', script: options.script });
  }, 60_000);
  afterAll(async () => {
    killCodevProcesses();
    await server?.close();
    await redis?.stop();
    if (run) rmSync(run, { recursive: true, force: true });
  });
  afterEach(async () => {
    await worker?.stop({ signal: 'SIGTERM', timeoutMs: 10_000 });
    worker = undefined;
    await fleet?.close();
    fleet = undefined;
    options.afterEachTest?.();
  });
  return {
    get run() {
      return run;
    },
    get redis() {
      return redis!;
    },
    get server() {
      return server!;
    },
    async startWorker({ scripts, cwd, workspaceRoot, args = [], env = {} }) {
      const queue = `${options.prefix}-${++queueNumber}`;
      worker = startCodevProcess({
        args: ['worker', '--queue', queue, '--scripts', scripts, '--workspace-root', workspaceRoot ?? path.join(run, `workspaces-${queueNumber}`), '--lock-duration', '5000', '--stalled-interval', '2000', ...args],
        cwd: cwd ?? scripts,
        env: { ...env, CODEV_REDIS_URL: redis!.url, ANTHROPIC_BASE_URL: server!.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' },
      });
      await worker.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: 90_000 });
      fleet = await createFleet({ connection: redis!.url, queue, env: {} });
      return fleet;
    },
  };
}

/** Makes `root` a git repository on `main` with one commit of what is there, ignoring the machine's git config. */
export function initRepository(root: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'init');
}
