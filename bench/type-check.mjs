#!/usr/bin/env node
/**
 * What codev's types cost a consumer, against the Vercel AI SDK's: two fresh projects, one with the packed checkout
 * (CODEV_COLD_START_ROOT or this one) + zod + @types/node, one with ai + zod + @types/node (+ @types/json-schema,
 * which ai's types need and do not bring), installed from the npm
 * cache (`--prefer-offline`); each type-checks a small app (bench/type-check/codev-app.ts, ai-app.ts) with
 * `tsc --noEmit` (strict, module nodenext, skipLibCheck false) of bench/'s TypeScript; a third project type-checks
 * an app of zod alone (bench/type-check/zod-app.ts), the part both share. The sides rotate, N runs each after one
 * warm-up; the median CPU time of the tsc process, the ratio against issue 31's target (under 2x the AI SDK's), and
 * what each SDK adds over the baseline.
 *
 *   node bench/type-check.mjs [--runs N] [--keep] [--without-node-types]
 *
 * Default 5 runs; --keep leaves the projects on disk; --without-node-types installs no @types/node and sets
 * `types: []` (what each package's types cost without Node's, which both sides otherwise share).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI_ROOT, installProject, packCodev, PEERS, REPO, zodSpec } from './agent/install-packed-codev.mjs';

const TARGET_RATIO = 2;
const JSON_SCHEMA_TYPES = '@types/json-schema@7.0.15';
const REPORT_CPU = path.join(REPO, 'bench/agent/report-cpu-at-exit.cjs');
const TSC = path.join(PEERS, 'typescript/bin/tsc');
const args = process.argv.slice(2);
const withNodeTypes = !args.includes('--without-node-types');
const TSCONFIG = {
  compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', skipLibCheck: false, noEmit: true, types: withNodeTypes ? ['node'] : [] },
  files: ['app.ts'],
};

const runs = Number(args[args.indexOf('--runs') + 1] ?? 5) || 5;
const keep = args.includes('--keep');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'codev-type-check-'));
try {
  const packed = packCodev({ root: CLI_ROOT, destination: scratch });
  const rootManifest = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const nodeTypes = withNodeTypes ? [`@types/node@${rootManifest.devDependencies['@types/node']}`] : [];
  const aiVersion = JSON.parse(readFileSync(path.join(REPO, 'bench/package.json'), 'utf8')).devDependencies.ai;
  const zod = zodSpec(CLI_ROOT);
  const sides = [
    { name: 'codev', packages: [packed.tarball, zod, ...nodeTypes], app: 'codev-app.ts' },
    // @ai-sdk/provider's .d.ts imports 'json-schema', whose types are a package of their own: without it tsc fails (TS7016).
    { name: `ai@${aiVersion}`, packages: [`ai@${aiVersion}`, zod, ...nodeTypes, JSON_SCHEMA_TYPES], app: 'ai-app.ts' },
    { name: 'baseline: zod', packages: [zod, ...nodeTypes], app: 'zod-app.ts' },
  ].map((side) => {
    const directory = path.join(scratch, side.name.replace(/\W+/g, '-'));
    process.stderr.write(`  npm install ${side.packages.map((name) => path.basename(name)).join(' ')} ...\n`);
    installProject({ directory, packages: side.packages });
    copyFileSync(path.join(REPO, 'bench/type-check', side.app), path.join(directory, 'app.ts'));
    writeFileSync(path.join(directory, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
    return { ...side, directory, cpuMs: [], wallMs: [], diagnostics: undefined };
  });
  for (let round = 0; round <= runs; round++) {
    // The order rotates by one every round, so no side always follows the same one.
    for (const side of sides.map((_, index) => sides[(index + round) % sides.length])) {
      const run = await typeCheck(side.directory);
      side.diagnostics = run.diagnostics;
      if (round === 0) continue; // warm-up: the OS file cache
      side.cpuMs.push(run.cpuMs);
      side.wallMs.push(run.wallMs);
    }
  }
  printReport({ sides, packed, runs });
} finally {
  if (keep) process.stderr.write(`  kept ${scratch}\n`);
  else rmSync(scratch, { recursive: true, force: true });
}

/** One `tsc --noEmit --extendedDiagnostics` in `directory`: its CPU (reported by the process at exit on fd 3), wall time and diagnostics. */
function typeCheck(directory) {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(process.execPath, ['--require', REPORT_CPU, TSC, '--noEmit', '-p', '.', '--extendedDiagnostics'], {
      cwd: directory,
      env: { ...process.env, COLD_START_BENCH_PID: String(process.pid) },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let report = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.resume();
    child.stdio[3].setEncoding('utf8').on('data', (chunk) => (report += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - startedAt;
      // Type errors (exit 2) are reported, not fatal: `--without-node-types` shows which .d.ts still need Node's types.
      const errors = stdout.split('\n').filter((line) => / error TS\d+:/.test(line));
      if (code !== 0 && (code !== 2 || errors.length === 0)) return reject(new Error(`tsc failed in ${directory} (exit ${code}):\n${stdout.slice(0, 3000)}`));
      const cpu = JSON.parse(report);
      const figure = (name) => /^(.+?):\s+([\d.,]+)/m.exec(stdout.split('\n').find((line) => line.startsWith(`${name}:`)) ?? '')?.[2];
      resolve({ wallMs, cpuMs: cpu.userMs + cpu.systemMs, diagnostics: { files: figure('Files'), lines: figure('Lines of TypeScript') ?? figure('Lines of Definitions'), checkTime: figure('Check time'), errors } });
    });
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function printReport({ sides, packed, runs }) {
  const [codev, ai, baseline] = sides;
  const ms = (value) => Math.round(value).toLocaleString('en-US');
  const typescript = JSON.parse(readFileSync(path.join(PEERS, 'typescript/package.json'), 'utf8')).version;
  const lines = [
    '## type-check: a consumer\'s `tsc --noEmit` (strict, nodenext, skipLibCheck false), codev against ai',
    '',
    `Node ${process.version}, TypeScript ${typescript}, ${withNodeTypes ? 'with' : 'without'} @types/node, ${runs} runs per side after 1 warm-up, alternating, ${new Date().toISOString().slice(0, 10)}.`,
    ...packed.notes.map((note) => `Note: ${note}`),
    '',
    '| consumer | files | type errors | CPU ms (median) | CPU min–max | wall ms (median) | check time (last run) | ratio vs ai |',
    '|:--|--:|--:|--:|--:|--:|--:|--:|',
    ...sides.map((side) => `| ${side.name} (${side.app}) | ${side.diagnostics?.files ?? '?'} | ${side.diagnostics?.errors.length ?? '?'} | ${ms(median(side.cpuMs))} | ${ms(Math.min(...side.cpuMs))}–${ms(Math.max(...side.cpuMs))} | ${ms(median(side.wallMs))} | ${side.diagnostics?.checkTime ?? '?'} s | ${(median(side.cpuMs) / median(ai.cpuMs)).toFixed(2)}× |`),
    '',
  ];
  for (const side of sides) {
    const errors = side.diagnostics?.errors ?? [];
    if (errors.length > 0) lines.push(`${side.name}: ${errors.length} type errors, e.g. ${errors.slice(0, 3).map((line) => `\`${line.trim()}\``).join('; ')}`, '');
  }
  const ratio = median(codev.cpuMs) / median(ai.cpuMs);
  const [codevOwn, aiOwn] = [codev, ai].map((side) => median(side.cpuMs) - median(baseline.cpuMs));
  lines.push(`Over the baseline (zod${withNodeTypes ? ' + @types/node' : ''} alone): codev adds ${ms(codevOwn)} ms, ai ${ms(aiOwn)} ms: ${(codevOwn / aiOwn).toFixed(2)}×.`, '');
  lines.push('Target (issue 31):', `- a consumer's type-check under ${TARGET_RATIO}× the AI SDK's: ${ratio.toFixed(2)}×: ${ratio < TARGET_RATIO ? 'met' : '**NOT met**'}`);
  console.log(lines.join('\n'));
}
