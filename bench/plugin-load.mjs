#!/usr/bin/env node
/**
 * What the import probe (each plugin and config file first evaluated in a worker thread, under a time
 * limit) costs at kernel start and on a hot reload:
 *
 *   node bench/plugin-load.mjs [plugins=10] [rounds=7]
 *
 * A temp project with a codev.config.ts and N plugin files (each a zod tool importing 'codev'). Each round
 * starts a fresh `node` process that creates the kernel, writes a plugin file 5 times (a new version each
 * time, reloading after each), closes and deletes that file:
 * with the probe on a first start (an empty temp folder: no verdicts), with the probe on a later start (the
 * verdicts of the previous run kept: unchanged files are not probed again), and with
 * `CODEV_LOAD_TIMEOUT_MS=0` (direct import, no limit), the cases alternating (a busy machine drifts).
 * Prints the median wall time of `createKernel` and of one reload in each case, and the ratios.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PLUGINS = Number(process.argv[2] ?? 10);
const ROUNDS = Number(process.argv[3] ?? 7);
const RELOADS = 5;
const repo = fileURLToPath(new URL('..', import.meta.url));

const project = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-plugin-load-'));
symlinkSync(path.join(repo, 'node_modules'), path.join(project, 'node_modules'));
mkdirSync(path.join(project, 'plugins'));
writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
writeFileSync(path.join(project, 'codev.config.ts'), "import { defineConfig } from 'codev';\nexport default defineConfig({ permissions: { allow: ['Tool0'] } });\n");
const plugin = (index, version) => `import { z } from 'zod';
import { buildTool } from 'codev';
export default buildTool({ name: 'Tool${index}', description: 'v${version}', inputSchema: z.object({ message: z.string() }), async call({ message }) { return { data: message }; } });
`;
for (let index = 0; index < PLUGINS; index++) writeFileSync(path.join(project, 'plugins', `tool${index}.ts`), plugin(index, 0));

const script = path.join(project, 'measure.mjs');
writeFileSync(script, `import { createJiti } from 'jiti';
import { unlinkSync, writeFileSync } from 'node:fs';
const jiti = createJiti(import.meta.url);
const { createKernel } = await jiti.import(${JSON.stringify(path.join(repo, 'src/index.ts'))});
let started = performance.now();
const kernel = await createKernel({ cwd: ${JSON.stringify(project)}, mcp: false, env: {} });
const create = performance.now() - started;
if (kernel.errors.length > 0) throw new Error(kernel.errors.map((error) => error.message).join('; '));
const reloads = [];
for (let round = 1; round <= ${RELOADS}; round++) {
  writeFileSync(${JSON.stringify(path.join(project, 'plugins', 'edited.ts'))}, ${JSON.stringify(plugin('Edited', 'X'))}.replace('vX', 'v' + round));
  started = performance.now();
  const result = await kernel.reload();
  reloads.push(performance.now() - started);
  if (!result.ok) throw new Error('reload failed');
}
await kernel.close();
// Gone before the next run starts: every file that run finds is one an earlier run found unchanged.
unlinkSync(${JSON.stringify(path.join(project, 'plugins', 'edited.ts'))});
reloads.sort((a, b) => a - b);
console.log(JSON.stringify({ create, reload: reloads[Math.floor(reloads.length / 2)] }));
`);

// The probe's verdicts live in the temp folder: a fresh one per run is a first start, a kept one a later start.
const warmTemp = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-probe-warm-'));
const cases = [
  { id: 'probe', label: 'probe, first start (no verdicts yet)', env: () => ({ TMPDIR: mkdtempSync(path.join(os.tmpdir(), 'codev-bench-probe-cold-')) }) },
  { id: 'probeWarm', label: 'probe, later start (files unchanged)', env: () => ({ TMPDIR: warmTemp }) },
  { id: 'direct', label: 'direct import (CODEV_LOAD_TIMEOUT_MS=0)', env: () => ({ CODEV_LOAD_TIMEOUT_MS: '0' }) },
];
const samples = Object.fromEntries(cases.map((entry) => [entry.id, []]));
try {
  for (let round = 0; round <= ROUNDS; round++) {
    for (const entry of cases) {
      const env = entry.env();
      const run = spawnSync(process.execPath, [script], { cwd: project, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
      if (env.TMPDIR && env.TMPDIR !== warmTemp) rmSync(env.TMPDIR, { recursive: true, force: true });
      if (run.status !== 0) throw new Error(`${entry.id} failed: ${run.stderr}`);
      if (round > 0) samples[entry.id].push(JSON.parse(run.stdout.trim().split('\n').pop())); // round 0 warms the jiti cache
    }
  }
} finally {
  rmSync(project, { recursive: true, force: true });
  rmSync(warmTemp, { recursive: true, force: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = Object.fromEntries(cases.map((entry) => [entry.id, { create: median(samples[entry.id].map((sample) => sample.create)), reload: median(samples[entry.id].map((sample) => sample.reload)) }]));
console.log(`Plugin load: ${PLUGINS} plugin files + codev.config.ts, ${ROUNDS} rounds (median), fresh process each`);
console.log('case'.padEnd(44), 'createKernel ms'.padStart(16), 'one reload ms'.padStart(14));
for (const entry of cases) console.log(entry.label.padEnd(44), summary[entry.id].create.toFixed(1).padStart(16), summary[entry.id].reload.toFixed(1).padStart(14));
for (const id of ['probe', 'probeWarm']) console.log(`ratio ${id} / direct`.padEnd(44), `${(summary[id].create / summary.direct.create).toFixed(2)}×`.padStart(16), `${(summary[id].reload / summary.direct.reload).toFixed(2)}×`.padStart(14));
