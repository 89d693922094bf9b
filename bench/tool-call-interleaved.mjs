#!/usr/bin/env node
/**
 * codev's tool call against the Vercel AI SDK's, both in ONE process, rounds alternating (and swapping who
 * goes first each round), so both see the same machine load: the fair way to state the ratio on a busy
 * machine, where separate processes run minutes apart. The OpenAI Agents SDK stays out of this process
 * (its AsyncLocalStorage promise hooks slow every later `await`, see bench/README.md).
 *
 *   node --expose-gc bench/tool-call-interleaved.mjs [--pair rules-hooks|bare] [--rounds N] [--quick] [--wall]
 *
 * Timed in the process's CPU time by default (user + system, all threads, `process.cpuUsage()`): on a
 * shared machine a case's wall time also holds the time it waited for a core. codev's rows: a round's CPU
 * time / its calls; the peer's: its marginal cost `(T₉ − T₁) / 8` with T in CPU time (`BENCH_CLOCK=cpu`).
 * `--wall` times everything in wall time instead, as bench/run.mjs does.
 *
 * One pair per process (peer / codev, above 1× means codev is cheaper), `--pair rules-hooks` (the default):
 *   codev-rules-hooks (50 rules + 2 hooks)  vs  vercel-ai-equivalents (+ needsApproval fn + 2 callbacks)
 * or `--pair bare`:
 *   codev-bare                              vs  vercel-ai
 * Only the two cases share the process: a third (codev bare beside codev with rules and hooks) would make the
 * lifecycle's code see two kinds of context, and that polymorphism, which one session never has, costs it
 * up to 2× here. Prints each case's median µs per call with its rounds' min–max, and the ratio of the medians.
 *
 * A case whose previous round was two forced `gc()`s ago (the other case ran in between) starts from
 * deoptimized code: V8 drops maps unused for 2 full collections and with them the optimized code built on
 * them. Hence bimodal rounds; `node --expose-gc --retain-maps-for-n-gc=64 …` keeps the maps and shows each
 * side's steady cost (see bench/README.md, tool-call-overhead).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const PAIRS = {
  'rules-hooks': { codev: 'codev-rules-hooks', peer: 'vercel-ai-equivalents' },
  bare: { codev: 'codev-bare', peer: 'vercel-ai' },
};
const WARMUP = 2;
/** Pause between a round's gc() and its start. */
const SETTLE_MS = 100;

const args = process.argv.slice(2);
const roundsFlag = args.indexOf('--rounds');
const quick = args.includes('--quick');
const rounds = roundsFlag === -1 ? (quick ? 5 : 11) : Number(args[roundsFlag + 1]);
const cpu = !args.includes('--wall');
const pairFlag = args.indexOf('--pair');
const pair = PAIRS[pairFlag === -1 ? 'rules-hooks' : args[pairFlag + 1]];
if (!pair) throw new Error(`--pair takes one of ${Object.keys(PAIRS).join(', ')}`);
// Read by bench/tool-call/call-clock.ts when the cases are imported: the peer times its runs with it.
if (cpu) process.env.BENCH_CLOCK = 'cpu';

const jiti = createJiti(fileURLToPath(import.meta.url));
const { benchmark } = await jiti.import(path.join(path.dirname(fileURLToPath(import.meta.url)), 'tool-call-overhead.ts'));
const ids = [pair.codev, pair.peer];
const runners = [];
for (const id of ids) {
  const benchCase = benchmark.cases.find((candidate) => candidate.id === id);
  runners.push({ id, label: benchCase.label, runner: await benchCase.setup({ quick }), samples: [] });
}
for (let round = 0; round < rounds + WARMUP; round++) {
  const order = round % 2 === 0 ? runners : [...runners].reverse();
  for (const entry of order) {
    globalThis.gc?.();
    // The collector sweeps on helper threads after gc() returns: let it finish, or the previous case's garbage
    // is billed to this round's process CPU time.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const usPerCall = cpu && entry.id.startsWith('codev') ? await cpuPerOp(entry.runner) : await entry.runner.round();
    if (round >= WARMUP) entry.samples.push(usPerCall);
  }
}
for (const entry of runners) await entry.runner.teardown?.();

/** A round's CPU time per operation, in µs (the round's own wall-clock figure is dropped). */
async function cpuPerOp(runner) {
  const before = process.cpuUsage();
  await runner.round();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / runner.ops;
}

const median = (values) => {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const byId = new Map(runners.map((entry) => [entry.id, entry]));
console.log(`${rounds} interleaved rounds after ${WARMUP} warm-up, one process, ${cpu ? 'CPU time' : 'wall time'} (${typeof globalThis.gc === 'function' ? 'gc before each round' : 'run with --expose-gc for steadier numbers'}), Node ${process.version}\n`);
console.log('| case | µs/call (median) | rounds min–max |\n|:--|--:|--:|');
for (const entry of runners) console.log(`| ${entry.label} | ${median(entry.samples).toFixed(2)} | ${Math.min(...entry.samples).toFixed(2)}–${Math.max(...entry.samples).toFixed(2)} |`);
console.log('');
const codev = byId.get(pair.codev);
const peer = byId.get(pair.peer);
// The ratio of every round with its partner of the same round too: its spread says how far the medians' ratio can be trusted.
const perRound = codev.samples.map((sample, index) => peer.samples[index] / sample);
console.log(`${pair.peer} / ${pair.codev}: ${(median(peer.samples) / median(codev.samples)).toFixed(2)}× (per-round ratios: median ${median(perRound).toFixed(2)}×, ${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)})`);
process.exit(0);
