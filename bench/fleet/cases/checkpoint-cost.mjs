/**
 * Case 3, checkpoint cost per turn: the same multi-turn job (T model requests, each but the last answered
 * with one Read of the project's notes file) run several ways, in rounds that run each way once:
 * - local, nothing persisted: `createAgent` with the kernel in a node process of its own (the floor);
 * - local, file SessionStore: the same, `persistSession: true` with `createFileSessionStore`;
 * - fleet: a fleet job on one worker process (concurrency 1), its session in the Redis session store, a
 *   checkpoint at every turn boundary and every agent event on the job's Redis stream;
 * - and the last two again with a model that talks while it works: 100 short text blocks before each
 *   tool call (about 300 text-delta events per turn), since the fleet writes every event to Redis.
 * Per job, ms per turn = (last request − first request) / (T − 1) at the fake model, so the process and
 * kernel start-up is outside the figure; the median job over the rounds is reported. The rounds rotate
 * which way goes first. Each way runs one short warm-up job first. For the fleet jobs the Redis server's
 * counters (reset before each job) give the commands and bytes per turn; one more quiet fleet job,
 * untimed, runs under MONITOR for the requests per turn by connection. Not run on its own.
 */
import { median } from '../statistics.mjs';
import { addCommandStats, NO_COMMANDS, readCommandStats, resetCommandStats } from '../redis-command-stats.mjs';
import { startLocalAgentProcess } from '../start-local-agent-process.mjs';
import { startWorkerProcesses, stopAll } from '../start-worker-process.mjs';

const TURNS = { full: 30, quick: 15 };
const ROUNDS = { full: 5, quick: 2 };
const WARM_UP_TURNS = 5;
const TEXT_BLOCKS = 100;
export const WAYS = [
  { id: 'memory', label: 'local createAgent, nothing persisted', where: 'local', persisted: false, textBlocks: 0 },
  { id: 'file', label: 'local createAgent, file SessionStore', where: 'local', persisted: true, textBlocks: 0 },
  { id: 'fleet', label: 'fleet worker process, Redis session + checkpoints', where: 'fleet', textBlocks: 0 },
  { id: 'file-talking', label: `local, file SessionStore, ${TEXT_BLOCKS} text blocks per turn`, where: 'local', persisted: true, textBlocks: TEXT_BLOCKS },
  { id: 'fleet-talking', label: `fleet, ${TEXT_BLOCKS} text blocks per turn`, where: 'fleet', textBlocks: TEXT_BLOCKS },
];

export async function measureCheckpointCost(bench) {
  const turns = bench.quick ? TURNS.quick : TURNS.full;
  const rounds = bench.quick ? ROUNDS.quick : ROUNDS.full;
  const { fleet, queue } = await bench.openFleet('checkpoint');
  const workers = await startWorkerProcesses({ ...bench.workerConfig(queue), count: 1, concurrency: 1, prefix: 'checkpoint' });
  const local = await startLocalAgentProcess({ codevModule: bench.build.codevModule, modelUrl: bench.model.url, apiKey: bench.model.apiKey, project: bench.project.directory, sessionDirectory: bench.project.sessionDirectory });
  const perTurn = Object.fromEntries(WAYS.map((way) => [way.id, []]));
  const traffic = Object.fromEntries(WAYS.map((way) => [way.id, NO_COMMANDS]));
  let monitored;
  const runFleet = async (tag, count, textBlocks) => {
    const handle = await fleet.submit({ script: bench.project.script, prompt: `bench-job ${tag} ${count} ${textBlocks}`, permissions: { allow: ['Read'] } });
    const result = await handle.result({ timeoutMs: 60_000 });
    if (result.status !== 'completed' || result.turns !== count) throw new Error(`fleet bench: fleet job ${tag} ended ${result.status} after ${result.turns} turns`);
  };
  const run = async (way, tag, count) => {
    if (way.where === 'local') return local.run(tag, count, way.persisted, way.textBlocks);
    await resetCommandStats(bench.redisClient);
    await runFleet(tag, count, way.textBlocks);
    traffic[way.id] = addCommandStats(traffic[way.id], await readCommandStats(bench.redisClient));
  };
  try {
    for (const way of WAYS) await run(way, `checkpoint-warm-up-${way.id}`, WARM_UP_TURNS);
    for (const way of WAYS) traffic[way.id] = NO_COMMANDS;
    for (let round = 0; round < rounds; round++) {
      // Each round starts with another way, so none always runs right after the same one.
      for (let step = 0; step < WAYS.length; step++) {
        const way = WAYS[(round + step) % WAYS.length];
        await run(way, `checkpoint${round}-${way.id}`, turns);
        perTurn[way.id].push(msPerTurn(bench, `checkpoint${round}-${way.id}`, turns));
      }
    }
    const monitor = await bench.monitorRedis();
    await runFleet('checkpoint-monitored-fleet', turns, 0);
    monitored = await monitor.stop();
  } finally {
    await local.stop();
    await stopAll(workers);
    await fleet.close();
  }
  const fleetTurns = rounds * turns;
  return {
    turns,
    rounds,
    ways: WAYS.map((way) => ({ ...way, msPerTurn: median(perTurn[way.id]), samples: perTurn[way.id] })),
    redis: Object.fromEntries(
      WAYS.filter((way) => way.where === 'fleet').map((way) => {
        const stats = traffic[way.id];
        const topCommands = Object.entries(stats.calls)
          .sort(([, left], [, right]) => right - left)
          .map(([name, calls]) => ({ name, perTurn: calls / fleetTurns }));
        return [way.id, { commandsPerTurn: stats.totalCalls / fleetTurns, bytesInPerTurn: stats.bytesIn / fleetTurns, bytesOutPerTurn: stats.bytesOut / fleetTurns, topCommands }];
      }),
    ),
    monitored,
  };
}

function msPerTurn(bench, tag, turns) {
  const arrivals = bench.model.arrivalsOf(tag);
  if (arrivals.length !== turns) throw new Error(`fleet bench: job ${tag} made ${arrivals.length} model requests, not ${turns}`);
  return (arrivals.at(-1).at - arrivals[0].at) / (turns - 1);
}
