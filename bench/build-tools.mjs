#!/usr/bin/env node
// Compares the build tools codev could use, on codev's own src/, in one run: `node bench/build-tools.mjs`
// (after `cd bench && npm install`, which brings tsdown with the TypeScript 5 its .d.ts step needs, and
// esbuild). Each tool builds into a temp folder, `--rounds N` times (default 3); the table gives the median
// wall time, the ratio to codev's build (tsgo emit) and what the output holds. Nothing in the repo changes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bench = path.join(root, 'bench');
const roundsFlag = process.argv.indexOf('--rounds');
const rounds = roundsFlag > 0 ? Number(process.argv[roundsFlag + 1]) : 3;
const isSource = (name) => name.endsWith('.ts') && !name.endsWith('.test.ts');
const sources = readdirSync(path.join(root, 'src'), { recursive: true })
  .filter((file) => isSource(file) && !file.split(path.sep).includes('test-fixtures'))
  .map((file) => path.join('src', file));

const tools = [
  {
    name: 'tsgo emit (TypeScript 7, codev\'s build)',
    available: () => true,
    command: (out) => [process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', out]],
    notes: 'one file per module, same tree as src/ (worker files and import.meta.url paths keep working); .d.ts + maps; no extra dependency',
  },
  {
    name: 'esbuild 0.28 (transpile only)',
    available: () => existsSync(path.join(bench, 'node_modules/esbuild')),
    command: (out) => [process.execPath, ['--input-type=module', '-e', `import { build } from ${JSON.stringify(path.join(bench, 'node_modules/esbuild/lib/main.js'))}; await build({ entryPoints: ${JSON.stringify(sources)}, outdir: ${JSON.stringify(out)}, outbase: 'src', format: 'esm', platform: 'node', sourcemap: true, logLevel: 'error' });`]],
    notes: 'no .d.ts at all (needs tsc beside it); leaves the ".ts" in relative imports, so the output does not run without a rewrite step',
  },
  {
    name: 'tsdown 0.21 (rolldown, bundled, .d.ts via TypeScript 5.9)',
    available: () => existsSync(path.join(bench, 'node_modules/.bin/tsdown')),
    command: (out) => [path.join(bench, 'node_modules/.bin/tsdown'), ['src/index.ts', 'src/testing/index.ts', 'src/cli/main.ts', '--dts', '--sourcemap', '-d', out, '--format', 'esm', '--platform', 'node', '--no-config', '--tsconfig', 'tsconfig.build.json', '--log-level', 'error']],
    notes: 'bundles into chunks: import.meta.url paths (templates/, package.json, the .mjs/.cjs workers) break; its .d.ts step needs TypeScript 5/6 beside the repo\'s 7; tsdown >= 0.22 needs Node 22',
  },
];

/** Median of a list of numbers. */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const rows = [];
for (const tool of tools) {
  if (!tool.available()) {
    rows.push({ tool, skipped: 'not installed: cd bench && npm install' });
    continue;
  }
  const times = [];
  let files = [];
  for (let round = 0; round < rounds; round++) {
    const out = mkdtempSync(path.join(os.tmpdir(), 'codev-build-bench-'));
    const [command, args] = tool.command(out);
    const started = performance.now();
    const run = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
    times.push(performance.now() - started);
    files = readdirSync(out, { recursive: true }).map(String);
    rmSync(out, { recursive: true, force: true });
    if (run.status !== 0) {
      rows.push({ tool, skipped: `failed: ${(run.stderr || run.stdout).trim().split('\n').slice(-3).join(' / ')}` });
      break;
    }
  }
  if (times.length === rounds) rows.push({ tool, ms: median(times), js: files.filter((file) => /\.m?js$/.test(file)).length, dts: files.filter((file) => /\.d\.m?ts$/.test(file)).length });
}

const reference = rows[0]?.ms;
console.log(`Build tools on codev's src/ (${sources.length} modules), median of ${rounds} rounds, Node ${process.version}\n`);
console.log('| tool | median ms | vs tsgo | .js files | .d.ts files | notes |\n|---|---|---|---|---|---|');
for (const row of rows) {
  if (row.skipped) console.log(`| ${row.tool.name} | — | — | — | — | ${row.skipped} |`);
  else console.log(`| ${row.tool.name} | ${Math.round(row.ms)} | ${(row.ms / reference).toFixed(2)}x | ${row.js} | ${row.dts} | ${row.tool.notes} |`);
}
