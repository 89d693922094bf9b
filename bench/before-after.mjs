#!/usr/bin/env node
/**
 * The whole of `npm run bench`, before and after, in ONE run: every case of every benchmark (or those named)
 * at another git revision and in this checkout, case by case, the two sides alternating (and swapping which
 * goes first each round), so both see the same machine load. Unlike against-revision.mjs it also compares
 * the benchmarks that time whole runs (agent-turn, cold-start, bash-spawn, hot-reload...): each side runs
 * `bench/run.mjs --case <benchmark>:<case>` of its own tree in a fresh process.
 *
 *   node --expose-gc bench/before-after.mjs <revision> [<benchmark>|<benchmark>:<case>]... [--rounds N] [--quick]
 *
 * "This checkout" is the tree the script runs from, as it is on disk while the run goes on: to keep editing
 * meanwhile, run it from a worktree of the revision to compare (`git worktree add /tmp/after HEAD`, with
 * node_modules and bench/node_modules linked in).
 *
 * Prints one row per case and figure (the headline figure of each result: µs per operation, ms per
 * operation, CPU ms of a fresh process, p50 of a latency table), the median over the rounds on each side,
 * and their ratio (this checkout / the revision; above 1 is slower). Cases only one side has are listed apart.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const RESULT_MARKER = '@@bench-result ';
const args = process.argv.slice(2);
const take = (flag) => {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args.splice(at, flag === '--quick' ? 1 : 2).at(-1);
};
const rounds = Number(take('--rounds') ?? 1);
const quick = take('--quick') !== undefined;
const [revision, ...filters] = args;
if (!revision || !(rounds >= 1)) {
  console.error('usage: node --expose-gc bench/before-after.mjs <revision> [<benchmark>|<benchmark>:<case>]... [--rounds N] [--quick]');
  process.exit(2);
}

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const there = path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-revision-')), 'tree');
execFileSync('git', ['worktree', 'add', '--detach', '--quiet', there, revision], { cwd: here, stdio: 'inherit' });
const removeWorktree = () => {
  execFileSync('git', ['worktree', 'remove', '--force', there], { cwd: here, stdio: 'inherit' });
  rmSync(path.dirname(there), { recursive: true, force: true });
};
// Stopped by Ctrl-C or a kill: the worktree goes too (the case running in a child ends with its pipe).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    removeWorktree();
    process.exit(130);
  });
}
try {
  symlinkSync(path.join(here, 'node_modules'), path.join(there, 'node_modules'));
  if (existsSync(path.join(here, 'bench', 'node_modules'))) symlinkSync(path.join(here, 'bench', 'node_modules'), path.join(there, 'bench', 'node_modules'));
  const sides = [
    { name: revision, root: there },
    { name: 'this checkout', root: here },
  ];
  const [before, after] = await Promise.all(sides.map((side) => listCases(side.root)));
  const wanted = (spec) => filters.length === 0 || filters.some((filter) => filter === spec || filter === spec.split(':')[0]);
  const common = after.filter((spec) => before.includes(spec) && wanted(spec));
  const onlyOne = [...before.filter((spec) => !after.includes(spec)).map((spec) => `${spec} (only ${revision})`), ...after.filter((spec) => !before.includes(spec)).map((spec) => `${spec} (only this checkout)`)].filter((line) => wanted(line.split(' ')[0]));
  // For cold-start: each side measures its own CLI (the bench spawns CODEV_COLD_START_ROOT's bin).
  const figures = new Map();
  const startedAt = performance.now();
  for (const spec of common) {
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        process.stderr.write(`  ${spec} round ${round + 1}/${rounds}: ${side.name} ...\n`);
        let result;
        try {
          result = await runCase(side.root, spec);
        } catch (error) {
          process.stderr.write(`    failed: ${error.message.slice(0, 300)}\n`);
          continue;
        }
        for (const [figure, value] of headlines(result)) {
          const key = `${spec}\u0000${figure}`;
          if (!figures.has(key)) figures.set(key, { spec, figure, [revision]: [], 'this checkout': [] });
          figures.get(key)[side.name].push(value);
        }
      }
    }
  }
  console.log(`# bench before and after: ${revision} against this checkout\n`);
  console.log(`Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${new Date().toISOString().slice(0, 10)}; ${rounds} round(s) per case, sides alternating${quick ? ', --quick' : ''}; ${((performance.now() - startedAt) / 60_000).toFixed(1)} min\n`);
  console.log(`| case | figure | ${revision} | this checkout | ratio |\n|:--|:--|--:|--:|--:|`);
  const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
  for (const row of figures.values()) {
    const [old, now] = [row[revision], row['this checkout']];
    if (old.length === 0 || now.length === 0) continue;
    const [a, b] = [median(old), median(now)];
    console.log(`| ${row.spec} | ${row.figure} | ${format(a)} | ${format(b)} | ${a > 0 ? `${(b / a).toFixed(2)}×` : ''} |`);
  }
  if (onlyOne.length > 0) console.log(`\nNot compared (a case one side lacks): ${onlyOne.join(', ')}`);
} finally {
  removeWorktree();
}
process.exit(0);

/** Every `<benchmark>:<case>` of a tree, from its own bench/run.mjs list and benchmark files. */
async function listCases(root) {
  const jiti = createJiti(path.join(root, 'bench', 'run.mjs'));
  const source = await import('node:fs').then((fs) => fs.readFileSync(path.join(root, 'bench', 'run.mjs'), 'utf8'));
  const ids = JSON.parse(/const BENCHMARKS = (\[[^\]]*\])/.exec(source)[1].replaceAll("'", '"'));
  const specs = [];
  for (const id of ids) {
    try {
      const { benchmark } = await jiti.import(path.join(root, 'bench', `${id}.ts`));
      for (const benchCase of benchmark.cases) specs.push(`${id}:${benchCase.id}`);
    } catch (error) {
      process.stderr.write(`  ${root === here ? 'this checkout' : revision}: ${id} not listed: ${String(error.message).split('\n')[0]}\n`);
    }
  }
  return specs;
}

/** `node <flags> <root>/bench/run.mjs --case <spec>` in the tree, its result parsed. */
function runCase(root, spec) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, CODEV_COLD_START_ROOT: root };
    const child = spawn(process.execPath, [...process.execArgv, path.join(root, 'bench', 'run.mjs'), '--case', spec, ...(quick ? ['--quick'] : [])], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith(RESULT_MARKER));
      if (code === 0 && line) resolve(JSON.parse(line.slice(RESULT_MARKER.length)));
      else reject(new Error(`exited with code ${code}: ${(errors || output).trim().slice(-500)}`));
    });
  });
}

/** The figures of one result worth comparing, by name: whichever of the known result shapes it has. */
function headlines(result) {
  const figures = [];
  if (typeof result.usPerOp === 'number') figures.push(['µs/op', result.usPerOp]);
  if (typeof result.usPerCall === 'number') figures.push(['µs/call', result.usPerCall]);
  if (typeof result.cpuMs === 'number') figures.push(['CPU ms', result.cpuMs]);
  if (typeof result.ms === 'number') figures.push([typeof result.cpuMs === 'number' ? 'wall ms' : 'ms/op', result.ms]);
  // Latency tables (hot-reload): `| what | p50 | p95 | max |` rows, p50 in ms.
  for (const line of result.lines ?? []) {
    const cells = line.split('|').map((cell) => cell.trim());
    const p50 = /^([\d.,]+)\s*(ms|µs|s)$/.exec(cells[2] ?? '');
    if (!p50 || cells[1].startsWith('---')) continue;
    const value = Number(p50[1].replaceAll(',', '')) * { ms: 1, µs: 0.001, s: 1000 }[p50[2]];
    figures.push([`p50 ms: ${cells[1].replace(/\s*\(.*$/, '').slice(0, 40)}`, value]);
  }
  return figures;
}

function format(value) {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value >= 1 ? value.toFixed(2) : value.toFixed(3);
}
