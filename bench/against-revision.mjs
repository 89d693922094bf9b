#!/usr/bin/env node
/**
 * Compares bench cases of this checkout with the same cases at another git revision, in ONE process,
 * round after round alternately, so both see the same machine load: the way to tell whether a change made
 * a hot path slower on a noisy machine, where two separate runs differ by more than the change.
 *
 *   node --expose-gc bench/against-revision.mjs <revision> <benchmark:case>... [--rounds N] [--cpu]
 *   node --expose-gc bench/against-revision.mjs HEAD~3 rule-matching:codev-cold rule-matching:codev-warm tool-call-overhead:codev-bare
 *
 * The revision is checked out in a temporary git worktree that shares this checkout's node_modules (the
 * cases must exist there under the same ids), and removed afterwards. Prints the median µs per operation
 * of each side and their ratio (this checkout / the revision). `--cpu` times each round in the process's
 * CPU time (`process.cpuUsage()`) divided by the round's operations instead of the round's own wall-clock
 * figure: steadier on a shared machine, for cases whose round is one loop of its operations.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const args = process.argv.slice(2);
const roundsFlag = args.indexOf('--rounds');
const rounds = roundsFlag === -1 ? 11 : Number(args.splice(roundsFlag, 2)[1]);
const cpuFlag = args.indexOf('--cpu');
const cpu = cpuFlag !== -1;
if (cpu) args.splice(cpuFlag, 1);
const [revision, ...specs] = args;
if (!revision || specs.length === 0) {
  console.error('usage: node --expose-gc bench/against-revision.mjs <revision> <benchmark:case>... [--rounds N]');
  process.exit(2);
}
const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const there = path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-revision-')), 'tree');
execFileSync('git', ['worktree', 'add', '--detach', '--quiet', there, revision], { cwd: here, stdio: 'inherit' });
try {
  symlinkSync(path.join(here, 'node_modules'), path.join(there, 'node_modules'));
  // The peers the benchmarks compare with install into bench/ (see bench/package.json).
  if (existsSync(path.join(here, 'bench', 'node_modules')) && existsSync(path.join(there, 'bench'))) symlinkSync(path.join(here, 'bench', 'node_modules'), path.join(there, 'bench', 'node_modules'));
  const sides = { [revision]: there, 'this checkout': here };
  const runners = [];
  for (const [side, root] of Object.entries(sides)) {
    const jiti = createJiti(path.join(root, 'bench', 'run.mjs'));
    for (const spec of specs) {
      const [benchmarkId, caseId] = spec.split(':');
      const { benchmark } = await jiti.import(path.join(root, 'bench', `${benchmarkId}.ts`));
      const benchCase = benchmark.cases.find((candidate) => candidate.id === caseId);
      if (!benchCase) throw new Error(`${side} has no case ${spec}`);
      if (typeof benchCase.setup !== 'function') throw new Error(`${spec} is not a per-operation case (agent-turn, cold-start and bash-spawn time whole runs): compare those with bench/run.mjs in each tree`);
      runners.push({ side, spec, runner: await benchCase.setup({ quick: false }), samples: [] });
    }
  }
  for (let round = 0; round < rounds + 2; round++) {
    for (const entry of runners) {
      globalThis.gc?.();
      const before = cpu ? process.cpuUsage() : undefined;
      let usPerOp = await entry.runner.round();
      if (before) {
        const spent = process.cpuUsage(before);
        usPerOp = (spent.user + spent.system) / entry.runner.ops;
      }
      if (round >= 2) entry.samples.push(usPerOp);
    }
  }
  const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
  console.log(`${rounds} alternating rounds, median µs/op${cpu ? ' of CPU time' : ''} (${typeof globalThis.gc === 'function' ? 'gc before each round' : 'run with --expose-gc for steadier numbers'})\n`);
  console.log('| case | ' + revision + ' | this checkout | ratio |\n|:--|--:|--:|--:|');
  for (const spec of specs) {
    const [before, after] = Object.keys(sides).map((side) => median(runners.find((entry) => entry.side === side && entry.spec === spec).samples));
    console.log(`| ${spec} | ${before.toFixed(2)} | ${after.toFixed(2)} | ${(after / before).toFixed(2)}× |`);
  }
  for (const entry of runners) await entry.runner.teardown?.();
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', there], { cwd: here, stdio: 'inherit' });
  rmSync(path.dirname(there), { recursive: true, force: true });
}
process.exit(0);
