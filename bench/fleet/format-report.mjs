/**
 * The fleet bench's printed report: the machine and build, then one Markdown table per case that ran,
 * with its ratios and a line on what it means. Not run on its own.
 */
import os from 'node:os';
import { formatTable } from './format-table.mjs';
import { formatMilliseconds, formatRatio } from './statistics.mjs';

export function formatReport({ results, build, quick, loadBefore, loadAfter, seconds }) {
  const load = (values) => values.map((value) => value.toFixed(2)).join(' ');
  const lines = [
    `# codev fleet bench${quick ? ' (--quick)' : ''}`,
    '',
    `Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${os.platform()} ${os.arch()}, ${new Date().toISOString().slice(0, 10)}; codev ${build.version} at ${build.commit} (${build.root}/dist, built ${build.builtAt.toISOString().slice(0, 19).replace('T', ' ')} UTC); load average ${load(loadBefore)} before, ${load(loadAfter)} after; ${seconds.toFixed(0)} s in all`,
    '',
  ];
  if (results.latency) lines.push(...latency(results.latency));
  if (results.throughput) lines.push(...throughput(results.throughput));
  if (results.checkpoint) lines.push(...checkpoint(results.checkpoint));
  if (results.recovery) lines.push(...recovery(results.recovery));
  if (results['versus-bullmq']) lines.push(...versusBullmq(results['versus-bullmq']));
  return lines.join('\n');
}

function latency(result) {
  const row = (label, figure) => [label, formatMilliseconds(figure.p50), formatMilliseconds(figure.p95), formatMilliseconds(figure.max)];
  return [
    `## enqueue → first model request (${result.jobs} one-turn jobs, one at a time, 1 idle worker process)`,
    '',
    formatTable(
      ['from just before fleet.submit() to …', 'p50 ms', 'p95 ms', 'max ms'],
      [
        row('submit() returned', result.submitted),
        row('taken by the worker (BullMQ processedOn, ms clock)', result.takenByWorker),
        row('job-start event written (stream id, ms clock)', result.jobStart),
        row('**first model request at the fake server**', result.firstRequest),
      ],
    ),
    '',
    `- The first job of the fresh worker process (warm-up, not in the table): ${formatMilliseconds(result.coldFirstJobMs)} ms to its first model request.`,
    `- job-start → first request (load the script, the kernel, the agent): ${formatMilliseconds(result.firstRequest.p50 - result.jobStart.p50)} ms at p50.`,
    `- Redis requests of one one-turn job (MONITOR, untimed job): ${requests(result.traffic, 1)}.`,
    '',
  ];
}

function throughput(results) {
  const reference = results[0];
  return [
    `## jobs per second (${reference.jobs} trivial one-turn jobs submitted at once)`,
    '',
    formatTable(
      ['worker processes × concurrency', 'jobs', 'seconds', 'jobs/s', `ratio vs ${reference.processes} × ${reference.concurrency}`, 'CPU ms/job: workers', 'bench (fake model)', 'redis-server', 'Redis commands per job'],
      results.map((result) => [
        `${result.processes} × ${result.concurrency}`,
        result.jobs,
        result.seconds.toFixed(2),
        result.jobsPerSecond.toFixed(1),
        formatRatio(result.jobsPerSecond / reference.jobsPerSecond),
        formatMilliseconds(result.cpuPerJob.workers),
        formatMilliseconds(result.cpuPerJob.bench),
        formatMilliseconds(result.cpuPerJob.redis),
        result.redisCommandsPerJob.toFixed(0),
      ]),
    ),
    '',
  ];
}

function versusBullmq(results) {
  const { jobs, rounds } = results[0];
  const range = ([low, high]) => `${low.toFixed(0)}–${high.toFixed(0)}`;
  const before = results[0].before;
  const beforeTable = before
    ? [
        `Before (${before.commit}) and after, the same rounds:`,
        '',
        formatTable(
          ['concurrency', `before jobs/s (min–max)`, 'after jobs/s', '**after / before**', 'worker CPU ms/job: before', 'after', 'Redis commands/job: before', 'after', 'raw / before', 'raw / after'],
          results.map((result) => [
            result.concurrency,
            `${result.before.jobsPerSecond.toFixed(1)} (${range(result.before.jobsPerSecondRange)})`,
            result.codev.jobsPerSecond.toFixed(1),
            `**${formatRatio(result.codev.jobsPerSecond / result.before.jobsPerSecond)}**`,
            formatMilliseconds(result.before.workerCpuPerJob),
            formatMilliseconds(result.codev.workerCpuPerJob),
            result.before.redisCommandsPerJob.toFixed(0),
            result.codev.redisCommandsPerJob.toFixed(0),
            formatRatio(result.raw.jobsPerSecond / result.before.jobsPerSecond),
            formatRatio(result.raw.jobsPerSecond / result.codev.jobsPerSecond),
          ]),
        ),
        '',
      ]
    : [];
  return [
    `## codev against raw BullMQ (${jobs} trivial jobs per side and round, ${rounds} interleaved rounds, 1 worker process each)`,
    '',
    formatTable(
      ['concurrency', 'codev jobs/s (min–max)', 'raw BullMQ jobs/s (min–max)', '**raw / codev**', 'worker CPU ms/job: codev', 'raw', 'Redis commands/job: codev', 'raw'],
      results.map((result) => [
        result.concurrency,
        `${result.codev.jobsPerSecond.toFixed(1)} (${range(result.codev.jobsPerSecondRange)})`,
        `${result.raw.jobsPerSecond.toFixed(0)} (${range(result.raw.jobsPerSecondRange)})`,
        `**${formatRatio(result.raw.jobsPerSecond / result.codev.jobsPerSecond)}**`,
        formatMilliseconds(result.codev.workerCpuPerJob),
        formatMilliseconds(result.raw.workerCpuPerJob),
        result.codev.redisCommandsPerJob.toFixed(0),
        result.raw.redisCommandsPerJob.toFixed(0),
      ]),
    ),
    '',
    ...results.map((result) => `- Redis commands per job at concurrency ${result.concurrency}, codev: ${result.codev.topCommands.map(([name, calls]) => `${name} ${calls.toFixed(1)}`).join(', ')}; raw: ${result.raw.topCommands.map(([name, calls]) => `${name} ${calls.toFixed(1)}`).join(', ')}.`),
    '',
    ...beforeTable,
  ];
}

function checkpoint(result) {
  const spread = (values) => `${formatMilliseconds(Math.min(...values))}–${formatMilliseconds(Math.max(...values))}`;
  const way = Object.fromEntries(result.ways.map((entry) => [entry.id, entry]));
  const reference = (entry) => (entry.textBlocks > 0 ? way['file-talking'] : way.file);
  const redis = (id) => {
    const figures = result.redis[id];
    const commands = figures.topCommands
      .slice(0, 8)
      .map(({ name, perTurn }) => `${name} ${perTurn.toFixed(1)}`)
      .join(', ');
    return `${figures.commandsPerTurn.toFixed(1)} commands, ${Math.round(figures.bytesInPerTurn).toLocaleString('en-US')} bytes in, ${Math.round(figures.bytesOutPerTurn).toLocaleString('en-US')} bytes out (${commands})`;
  };
  return [
    `## checkpoint cost per turn (${result.turns}-turn job, one Read per turn, median of ${result.rounds} rounds)`,
    '',
    formatTable(
      ['where the job runs', 'ms/turn', 'rounds min–max', 'ratio vs the local file store row'],
      result.ways.map((entry) => [entry.label, formatMilliseconds(entry.msPerTurn), spread(entry.samples), entry === reference(entry) ? '1.00× (ref)' : formatRatio(entry.msPerTurn / reference(entry).msPerTurn)]),
    ),
    '',
    `- The fleet adds ${formatMilliseconds(way.fleet.msPerTurn - way.file.msPerTurn)} ms per turn over the file store (the file store ${formatMilliseconds(way.file.msPerTurn - way.memory.msPerTurn)} ms over nothing persisted); with ${way['fleet-talking'].textBlocks} text blocks per turn it adds ${formatMilliseconds(way['fleet-talking'].msPerTurn - way['file-talking'].msPerTurn)} ms.`,
    `- Redis requests per quiet fleet turn (MONITOR, one more untimed job): ${requests(result.monitored, result.turns)}.`,
    `- Redis per quiet fleet turn, every client and the commands inside scripts (server counters): ${redis('fleet')}.`,
    `- Redis per talking fleet turn: ${redis('fleet-talking')}.`,
    '',
  ];
}

function recovery(results) {
  return [
    '## recovery after kill -9 (2 worker processes, the job\'s worker killed at its 4th model request)',
    '',
    formatTable(
      ['settings', 'runs', 'kill → next model request, median s', 'min–max s', 'kill → job-start on the other worker s', 'job-start → model request ms'],
      results.map((result) => [result.label, result.runs.length, (result.recoveryMs / 1000).toFixed(2), `${(result.minMs / 1000).toFixed(2)}–${(result.maxMs / 1000).toFixed(2)}`, (result.takeOverMs / 1000).toFixed(2), formatMilliseconds(result.resumeMs)]),
    ),
    '',
    `- Every recovered job completed on the other worker, going on from turn ${[...new Set(results.flatMap((result) => result.runs.map((run) => run.resumedFromTurn)))].join('/')} (its last checkpoint), attempts ${[...new Set(results.flatMap((result) => result.runs.map((run) => run.attempts)))].join('/')}.`,
    '',
  ];
}

/** `N requests (role n, role n, …), M commands inside scripts`, each divided by `per`. */
function requests(traffic, per) {
  const figure = (value) => (per === 1 ? String(value) : (value / per).toFixed(1));
  const roles = Object.entries(traffic.byClient)
    .filter(([, count]) => count / per >= 0.05)
    .sort(([, left], [, right]) => right - left)
    .map(([role, count]) => `${role} ${figure(count)}`)
    .join(', ');
  const commands = Object.entries(traffic.byCommand)
    .filter(([, count]) => count / per >= 0.05)
    .sort(([, left], [, right]) => right - left)
    .slice(0, 10)
    .map(([command, count]) => `${command} ${figure(count)}`)
    .join(', ');
  return `${figure(traffic.requests)} requests (${roles}), ${figure(traffic.inScripts)} commands run inside Lua scripts; commands sent: ${commands}`;
}
