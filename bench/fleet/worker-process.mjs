/**
 * One fleet worker process of the bench, as a user runs one: it imports `codev/fleet` from the built
 * `dist/` (the URL the bench passes), opens the fleet and runs `fleet.worker({ env, concurrency, ... })`
 * with the fake model's key and URL. Started by `start-worker-process.mjs` with one JSON argument:
 * `{ fleetModule, redisUrl, queue, name, concurrency, modelUrl, apiKey, workspaceRoot, lockDurationMs?,
 * stalledIntervalMs? }` (lock settings left out: the defaults, 30 s and 15 s). It says `ready` over IPC,
 * forwards its worker's log lines, answers `cpu` with its `process.cpuUsage()`, and closes cleanly on
 * `close`; it exits when the bench goes away.
 */
import os from 'node:os';

const config = JSON.parse(process.argv[2] ?? '{}');
const { createFleet } = await import(config.fleetModule);
const fleet = await createFleet({ connection: config.redisUrl, queue: config.queue, env: {} });
const worker = await fleet.worker({
  env: { ANTHROPIC_API_KEY: config.apiKey, ANTHROPIC_BASE_URL: config.modelUrl, CODEV_MAX_RETRIES: '0' },
  concurrency: config.concurrency,
  name: config.name,
  workspaceRoot: config.workspaceRoot,
  // The bench's projects are made in the temp folder: this worker runs the scripts there.
  scriptRoots: [os.tmpdir(), process.cwd()],
  ...(config.lockDurationMs !== undefined && { lockDurationMs: config.lockDurationMs }),
  ...(config.stalledIntervalMs !== undefined && { stalledIntervalMs: config.stalledIntervalMs }),
  onLog: (line) => process.send?.({ type: 'log', line }),
});
process.send?.({ type: 'ready', name: worker.name });
process.on('message', async (message) => {
  if (message?.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() });
  if (message?.type !== 'close') return;
  await worker.close({ force: true });
  await fleet.close();
  process.exit(0);
});
// The bench died without closing this worker: nothing else would.
process.on('disconnect', () => process.exit(0));
