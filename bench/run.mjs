#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark in bench/ and prints one table per benchmark (µs per operation,
 * median of several rounds after warm-up, and the ratio to codev's reference row).
 *
 *   node bench/run.mjs                       all benchmarks
 *   node bench/run.mjs --quick               fewer operations and rounds (a smoke run)
 *   node bench/run.mjs rule-matching         only some benchmarks (or `<benchmark>:<case>` for one case)
 *   node --expose-gc bench/run.mjs           collect garbage before every round (flags reach the children)
 *
 * Every case runs in a child process of its own (`--case <benchmark>:<case>`), so one SDK's global state
 * (the OpenAI Agents SDK's AsyncLocalStorage promise hooks, a warmed cache) cannot change another's numbers.
 * The TypeScript bench files are loaded through jiti, like the rest of codev. A benchmark whose cases are
 * not per-op rounds (agent-turn: whole conversations; cold-start: fresh processes) brings its own
 * `measureCase` (run in the case's process) and `formatReport`; everything else is the same.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const BENCHMARKS = ['tool-call-overhead', 'pool-assembly', 'rule-matching', 'agent-turn', 'cold-start', 'hot-reload', 'local-search', 'edit-large-file', 'bash-spawn', 'bash-memory', 'web-fetch-markdown', 'amap-pagination', 'tool-search', 'sessions', 'prompt-cache', 'structured-output'];
const RESULT_MARKER = '@@bench-result ';
const THIS_FILE = fileURLToPath(import.meta.url);

// The same options as bin/codev.mjs, so codev is measured as the CLI loads it.
const jiti = createJiti(import.meta.url);
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const caseFlag = args.indexOf('--case');

if (caseFlag !== -1) await runCase(args[caseFlag + 1] ?? '');
else await runAll(args.filter((arg) => !arg.startsWith('--')));

/**
 * Loads `bench/<id>.ts` and returns its `benchmark`. A package of bench/package.json (the peer SDKs) that is
 * not installed is named, with the command that installs it, instead of a stack trace.
 */
async function loadBenchmark(id) {
  if (!BENCHMARKS.includes(id)) throw new Error(`Unknown benchmark "${id}"; use one of ${BENCHMARKS.join(', ')}`);
  try {
    const module = await jiti.import(fileURLToPath(new URL(`./${id}.ts`, import.meta.url)));
    return module.benchmark;
  } catch (error) {
    const missing = /Cannot find (?:module|package) '([^']+)'/.exec(String(error?.message))?.[1];
    const packageName = missing?.split('/').slice(0, missing.startsWith('@') ? 2 : 1).join('/');
    if (error?.code !== 'MODULE_NOT_FOUND' && error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    if (!packageName || !(packageName in benchDependencies())) throw error;
    const message = `${id} needs ${packageName}, one of bench/'s own dependencies, which is not installed. Install them with: cd bench && npm install`;
    throw Object.assign(new Error(message), { missingBenchDependency: packageName });
  }
}

/** bench/package.json's own dependencies: the peer SDKs, installed with `npm install` in bench/. */
function benchDependencies() {
  const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  return { ...manifest.dependencies, ...manifest.devDependencies };
}


/** Child mode: measure one case and print its result as one marked JSON line. */
async function runCase(spec) {
  const [benchmarkId = '', caseId] = spec.split(':');
  const benchmark = await loadBenchmark(benchmarkId);
  const benchCase = benchmark.cases.find((candidate) => candidate.id === caseId);
  if (!benchCase) throw new Error(`Benchmark "${benchmarkId}" has no case "${caseId}"`);
  const measureCase = benchmark.measureCase ?? (await jiti.import(fileURLToPath(new URL('./harness/measure-case.ts', import.meta.url)))).measureCase;
  const result = await measureCase(benchCase, { quick });
  // Exit explicitly: a peer SDK may leave handles open, and the parent waits for the exit.
  process.stdout.write(`${RESULT_MARKER}${JSON.stringify(result)}\n`, () => process.exit(0));
}

/** Parent mode: every selected case in its own process, one after another, then one report per benchmark. */
async function runAll(filters) {
  const { formatReport } = await jiti.import(fileURLToPath(new URL('./harness/format-report.ts', import.meta.url)));
  const startedAt = performance.now();
  const selected = filters.length === 0 ? BENCHMARKS : [...new Set(filters.map((filter) => filter.split(':')[0]))];
  console.log(`# codev benchmarks${quick ? ' (--quick)' : ''}\n`);
  console.log(`Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${os.platform()} ${os.arch()}, ${new Date().toISOString().slice(0, 10)}${typeof globalThis.gc === 'function' ? ', --expose-gc' : ''}\n`);
  let failed = false;
  for (const benchmarkId of selected) {
    let benchmark;
    try {
      benchmark = await loadBenchmark(benchmarkId);
    } catch (error) {
      if (!error.missingBenchDependency) throw error;
      failed = true;
      process.stderr.write(`  ${benchmarkId} skipped: ${error.message}\n`);
      console.log(`## ${benchmarkId}: not run (cd bench && npm install)\n`);
      continue;
    }
    const wanted = filters.filter((filter) => filter.startsWith(`${benchmarkId}:`)).map((filter) => filter.split(':')[1]);
    const cases = benchmark.cases.filter((benchCase) => wanted.length === 0 || wanted.includes(benchCase.id));
    const results = [];
    for (const benchCase of cases) {
      process.stderr.write(`  running ${benchmarkId}:${benchCase.id} ...\n`);
      try {
        results.push(await runChild(`${benchmarkId}:${benchCase.id}`));
      } catch (error) {
        failed = true;
        process.stderr.write(`  ${benchmarkId}:${benchCase.id} failed: ${error.message}\n`);
      }
    }
    console.log((benchmark.formatReport ?? formatReport)(benchmark, results));
  }
  console.log(`Total: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  if (failed) process.exitCode = 1;
}

/** Runs `node <same flags> bench/run.mjs --case <spec>` and parses its result line. */
function runChild(spec) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, THIS_FILE, '--case', spec, ...(quick ? ['--quick'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith(RESULT_MARKER));
      if (code === 0 && line) resolve(JSON.parse(line.slice(RESULT_MARKER.length)));
      else reject(new Error(`exited with code ${code}${output.trim() ? `: ${output.trim().slice(-500)}` : ''}`));
    });
  });
}
