#!/usr/bin/env node
/**
 * How long loading an agent script takes, the way `codev run` does it (jiti) against tsx's programmatic API:
 *
 *   npm run build && (cd bench && npm install)    # once: dist/, and tsx (one of bench/'s own dependencies)
 *   node bench/script-loader.mjs [--runs N]       # N measured runs per case, default 7
 *
 * A temp project holds `agent.ts`: a `defineAgent` script like templates/default/agent.ts that imports `codev`,
 * `zod`, a JSON file and a TypeScript helper. Its node_modules links `codev` to this repo (so a plain Node
 * resolution of `codev` finds the same `dist/index.js` the host loaded: one instance, no resolve hook) and `zod`
 * to the repo's copy. Every run is a fresh `node` child that first imports codev's built `dist/index.js` and the
 * importer module (as `codev run` has by the time it loads the script; jiti is loaded with them), then times the
 * load alone:
 * - jiti: `createPluginImporter({ timeoutMs: Infinity }).import(file)` (src/cli/commands/run-command.ts);
 * - tsx: `await import('tsx/esm/api')`, `register()`, then `import(file)`.
 * The child checks that the script's `codev` is the host's module and that the helper and JSON were applied.
 *
 * CPU is `process.cpuUsage()` (every thread of the process, so tsx's hooks thread counts) plus, on Linux, what
 * the child processes it started used (tsx's esbuild service; /proc, 10 ms ticks), and wall `performance.now()`,
 * both around the load only. warm: `TMPDIR` shared by every warm run, its transform caches (jiti's `jiti/`,
 * tsx's `tsx-<uid>/`) filled by an unmeasured first round. cold: `TMPDIR` a new empty folder per run, so neither
 * loader has a cache (the OS file cache stays warm). The four cases alternate within each round, their order
 * rotating, since a busy machine drifts. Prints the medians and the ratio tsx / jiti. Every temp folder is
 * removed at the end, on an error, and on Ctrl-C.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const distIndex = path.join(repo, 'dist', 'index.js');
const distImporter = path.join(repo, 'dist', 'plugins', 'create-plugin-importer.js');
const benchModules = path.join(repo, 'bench', 'node_modules');

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5]);
else main();

/** One measured load in this process; prints `{ cpu, helpers, wall }` in ms as the last line of stdout. */
async function child(loader, file, tsxApi) {
  const host = await import(pathToFileURL(distIndex).href);
  const { createPluginImporter } = await import(pathToFileURL(distImporter).href);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let script;
  if (loader === 'jiti') {
    script = await createPluginImporter({ timeoutMs: Infinity }).import(file);
  } else {
    const { register } = await import(tsxApi);
    register();
    script = await import(pathToFileURL(file).href);
  }
  const wall = performance.now() - started;
  const cpuUsed = process.cpuUsage(cpuBefore);
  const helpers = childProcessesCpu();
  if (script.defineAgent !== host.defineAgent) throw new Error(`${loader}: the script's codev is not the host's module`);
  if (script.default?.prompt !== 'Count the words in README.md and docs/ (3 turns at most).') throw new Error(`${loader}: unexpected agent ${JSON.stringify(script.default)}`);
  console.log(JSON.stringify({ cpu: (cpuUsed.user + cpuUsed.system) / 1000 + helpers, helpers, wall }));
  process.exit(0);
}

/**
 * The CPU (ms) of this process's live child processes: tsx's esbuild service (`esbuild --service`), which
 * `process.cpuUsage()` does not count. Linux only (/proc, in 10 ms ticks); 0 elsewhere. There are none before the load.
 */
function childProcessesCpu() {
  try {
    const children = readdirSync('/proc/self/task').flatMap((thread) => readFileSync(`/proc/self/task/${thread}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
    // Fields after "pid (comm) ": state is [0], utime [11], stime [12].
    return children.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) * 10;
    }, 0);
  } catch {
    return 0;
  }
}

function main() {
  const runsFlag = process.argv.indexOf('--runs');
  const runs = runsFlag === -1 ? 7 : Number(process.argv[runsFlag + 1]);
  if (!Number.isInteger(runs) || runs < 1) fail('--runs takes a positive whole number');
  if (!existsSync(distIndex) || !existsSync(distImporter)) fail(`${path.relative(process.cwd(), distIndex)} is missing: run \`npm run build\` first (this measures the built package, as \`codev run\` loads it)`);
  // bench/'s own pinned tsx, not one a parent folder's node_modules happens to hold.
  let tsxApi;
  try {
    tsxApi = import.meta.resolve('tsx/esm/api');
  } catch {}
  const tsxInstalled = tsxApi?.startsWith(pathToFileURL(benchModules).href + '/') ?? false;

  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-script-loader-'));
  const cleanUp = () => rmSync(root, { recursive: true, force: true });
  process.on('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    const agent = writeProject(path.join(root, 'project'));
    const warmTemp = path.join(root, 'warm-tmp');
    mkdirSync(warmTemp);
    let coldRuns = 0;
    const loaders = tsxInstalled ? ['jiti', 'tsx'] : ['jiti'];
    const cases = loaders.flatMap((loader) => [
      { loader, variant: 'warm', temp: () => warmTemp },
      { loader, variant: 'cold', temp: () => mkdtempSync(path.join(root, `cold-${coldRuns++}-`)) },
    ]);
    const samples = new Map(cases.map((entry) => [entry, []]));
    const loadBefore = os.loadavg();
    const started = performance.now();
    for (let round = 0; round <= runs; round++) {
      // Round 0 is not measured: it fills the warm TMPDIR's caches and the OS file cache.
      for (let index = 0; index < cases.length; index++) {
        const entry = cases[(index + round) % cases.length];
        const temp = entry.temp();
        const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', entry.loader, agent, tsxApi ?? ''], {
          cwd: path.dirname(agent),
          encoding: 'utf8',
          env: { ...process.env, TMPDIR: temp },
          timeout: 120_000,
        });
        if (entry.variant === 'cold') rmSync(temp, { recursive: true, force: true });
        if (run.status !== 0) throw new Error(`${entry.loader} ${entry.variant} run failed (${run.error?.message ?? `exit ${run.status ?? run.signal}`}):\n${run.stderr}`);
        if (round > 0) samples.get(entry).push(JSON.parse(run.stdout.trim().split('\n').pop()));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    report({ cases, samples, runs, loadBefore, loadAfter: os.loadavg(), seconds, tsxInstalled });
    if (!tsxInstalled) console.log("\ntsx: not run: it is one of bench/'s own dependencies and is not installed. Install them with: cd bench && npm install");
  } finally {
    cleanUp();
  }
}

/** The temp project: agent.ts, its helper and JSON, and node_modules links to codev and zod. Returns agent.ts's path. */
function writeProject(project) {
  mkdirSync(path.join(project, 'node_modules'), { recursive: true });
  symlinkSync(repo, path.join(project, 'node_modules', 'codev'), 'dir');
  symlinkSync(path.join(repo, 'node_modules', 'zod'), path.join(project, 'node_modules', 'zod'), 'dir');
  writeFileSync(path.join(project, 'package.json'), '{ "name": "agent-project", "private": true, "type": "module" }\n');
  writeFileSync(path.join(project, 'settings.json'), '{ "maxTurns": 3, "paths": ["README.md", "docs/"] }\n');
  writeFileSync(path.join(project, 'helper.ts'), `export interface Settings {
  maxTurns: number;
  paths: string[];
}

/** The prompt for counting the words in some paths. */
export function countWordsPrompt(settings: Settings): string {
  return \`Count the words in \${settings.paths.join(' and ')} (\${settings.maxTurns} turns at most).\`;
}
`);
  const agent = path.join(project, 'agent.ts');
  writeFileSync(agent, `import { defineAgent } from 'codev';
import { z } from 'zod';
import rawSettings from './settings.json' with { type: 'json' };
import { countWordsPrompt, type Settings } from './helper.ts';

const settings: Settings = z.object({ maxTurns: z.number().int().positive(), paths: z.array(z.string()) }).parse(rawSettings);

/** Like templates/default/agent.ts, with its settings in a JSON file and its prompt from a helper. */
export default defineAgent({
  system: 'You are a concise assistant working in this project. Use the tools you are given; say what you found.',
  prompt: countWordsPrompt(settings),
  maxTurns: settings.maxTurns,
});

export { defineAgent };
`);
  return agent;
}

function report({ cases, samples, runs, loadBefore, loadAfter, seconds, tsxInstalled }) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const figures = {};
  for (const entry of cases) {
    const list = samples.get(entry);
    figures[entry.loader] ??= {};
    figures[entry.loader][`${entry.variant} CPU`] = median(list.map((sample) => sample.cpu));
    figures[entry.loader][`${entry.variant} wall`] = median(list.map((sample) => sample.wall));
  }
  const columns = ['cold CPU', 'cold wall', 'warm CPU', 'warm wall'];
  const version = (name) => JSON.parse(readFileSync(path.join(name === 'jiti' ? path.join(repo, 'node_modules') : benchModules, name, 'package.json'), 'utf8')).version;
  const labels = { jiti: `jiti ${version('jiti')}, createPluginImporter (codev run)`, tsx: `tsx ${tsxInstalled ? version('tsx') : ''}, import('tsx/esm/api') + register()` };
  const load = (values) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`Loading agent.ts (imports codev, zod, a JSON file and a TS helper) after importing dist/index.js`);
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${runs} runs per case (median, ms), fresh process each, cases alternating`);
  console.log(`load average ${load(loadBefore)} before, ${load(loadAfter)} after; ${seconds.toFixed(1)} s in all\n`);
  console.log(`| loader | ${columns.join(' | ')} |`);
  console.log(`| --- | ${columns.map(() => '---:').join(' | ')} |`);
  for (const loader of Object.keys(figures)) console.log(`| ${labels[loader]} | ${columns.map((column) => figures[loader][column].toFixed(0)).join(' | ')} |`);
  if (tsxInstalled) {
    const esbuild = cases.filter((entry) => entry.loader === 'tsx').map((entry) => `${entry.variant} ${median(samples.get(entry).map((sample) => sample.helpers)).toFixed(0)} ms`);
    console.log(`| ratio tsx / jiti | ${columns.map((column) => `${(figures.tsx[column] / figures.jiti[column]).toFixed(2)}×`).join(' | ')} |`);
    console.log(`\ntsx's CPU includes its esbuild service process (a child process; median ${esbuild.join(', ')}).`);
  }
}

function fail(message) {
  console.error(`bench/script-loader.mjs: ${message}`);
  process.exit(1);
}
