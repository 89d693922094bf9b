/**
 * Test-only: a real fleet for the UI: its own redis-server on a free loopback port, a real `codev worker` child
 * over the fake model, and jobs queued with `codev queue add --defer-asks` that park on a Write the model asks for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRedisServer, type RedisServer } from '../../../src/fleet/test-fixtures/start-redis-server.ts';
import { BIN, runProcess } from '../../cli/run-codev.ts';
import { startCodevProcess, type CodevProcess } from '../../cli/start-codev-process.ts';

/** The prompt of a job that parks: the fixture's model asks to run `touch report-<n>.txt && echo wrote report-<n>`. */
export const PARKING_PROMPT = 'write the report file'; // the fixture project's model routes on it

/** A running fleet: its Redis, its worker, and the CLI against it. */
export interface FixtureFleet {
  redis: RedisServer;
  worker: CodevProcess;
  /** `codev queue add agent.ts --prompt <prompt> --defer-asks` → the job id. */
  addParkingJob(jobNumber: number): Promise<string>;
  /** `codev queue status <id> --json` → the job's state. */
  stateOf(id: string): Promise<string>;
  /** Waits (bounded) until the job's state is `state`. */
  waitForState(id: string, state: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts Redis and a worker in `project` (which has `agent.ts`), the worker's model being `modelUrl`. */
export async function startFixtureFleet(options: { project: string; modelUrl: string }): Promise<FixtureFleet> {
  const redis = await startRedisServer();
  const workspaces = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-workspaces-'));
  const env = { CODEV_REDIS_URL: redis.url, ANTHROPIC_BASE_URL: options.modelUrl, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' };
  const codev = (args: string[]) => runProcess({ command: process.execPath, args: [BIN, ...args], cwd: options.project, env, timeoutMs: 60_000 });
  const worker = startCodevProcess({ args: ['worker', '--workspace-root', workspaces, '--lock-duration', '5000', '--stalled-interval', '2000'], cwd: options.project, env });
  try {
    await worker.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: 60_000 });
  } catch (error) {
    await worker.stop({ signal: 'SIGKILL', timeoutMs: 5_000 });
    await redis.stop();
    rmSync(workspaces, { recursive: true, force: true });
    throw error;
  }
  const stateOf = async (id: string) => {
    const run = await codev(['queue', 'status', id, '--json']);
    if (run.code !== 0) throw new Error(`codev queue status ${id} exited ${run.code}: ${run.stderr}`);
    return (JSON.parse(run.stdout) as { jobs: { state: string }[] }).jobs[0]?.state ?? 'unknown';
  };
  return {
    redis,
    worker,
    async addParkingJob(jobNumber) {
      const run = await codev(['queue', 'add', 'agent.ts', '--prompt', `${PARKING_PROMPT} report-${jobNumber}`, '--defer-asks', '--permission-mode', 'default']);
      if (run.code !== 0) throw new Error(`codev queue add exited ${run.code}: ${run.stderr}`);
      return run.stdout.trim();
    },
    stateOf,
    async waitForState(id, state, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let now = await stateOf(id);
      while (now !== state) {
        if (Date.now() > deadline) throw new Error(`job ${id} is ${now}, not ${state}, after ${timeoutMs} ms; worker stderr:\n${worker.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        now = await stateOf(id);
      }
    },
    async stop() {
      await worker.stop({ signal: 'SIGTERM', timeoutMs: 10_000 });
      await redis.stop();
      rmSync(workspaces, { recursive: true, force: true });
    },
  };
}
