#!/usr/bin/env node
/**
 * What a fleet job's per-turn workspace checkpoint costs, in this checkout and at another git revision, in ONE
 * process, the sides taking turns round after round (the order rotated each round), on a 10,000-file repository:
 * nothing changed since the last turn, and 10 files changed. Two figures: the whole checkpoint
 * (`checkpointJobWorkspace`: record the checkout, commit, push the turn's hidden ref to a local bare repository)
 * and its commit alone (`commitCheckout`: the recording and the commit, no push). A third side, this checkout
 * again with a checkout of its own, gives the A/A figure (the noise).
 *
 *   node bench/fleet-workspace-checkpoint.mjs <revision> [files=10000] [rounds=9]
 *
 * Prints the median ms per checkpoint of each side and their ratio (this checkout / the other; above 1 is slower).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const [revision, filesArgument, roundsArgument] = process.argv.slice(2);
if (!revision) {
  console.error('usage: node bench/fleet-workspace-checkpoint.mjs <revision> [files=10000] [rounds=9]');
  process.exit(2);
}
const FILES = Number(filesArgument ?? 10_000);
const ROUNDS = Number(roundsArgument ?? 9);
Object.assign(process.env, { GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1' });
const git = (cwd, args) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-checkpoint-bench-'));
const there = path.join(scratch, 'tree');
execFileSync('git', ['worktree', 'add', '--detach', '--quiet', there, revision], { cwd: here, stdio: 'inherit' });
try {
  symlinkSync(path.join(here, 'node_modules'), path.join(there, 'node_modules'));
  const seed = path.join(scratch, 'seed');
  for (let index = 0; index < FILES; index++) {
    const folder = path.join(seed, `src/m${index % 50}/d${index % 7}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `f${index}.ts`), `export const value${index} = ${index};\n// ${'x'.repeat(index % 900)}\n`);
  }
  writeFileSync(path.join(seed, '.gitignore'), 'node_modules/\n');
  git(seed, ['init', '-q', '-b', 'main']);
  git(seed, ['add', '-A']);
  git(seed, ['commit', '-q', '-m', 'bench']);

  const sideOf = async (name, root) => {
    const workspace = await createJiti(path.join(root, 'bench', 'run.mjs')).import(path.join(root, 'src', 'fleet', 'workspace', 'index.ts'));
    const remote = path.join(scratch, `${name.replace(/\W/g, '-')}.git`);
    git(scratch, ['clone', '-q', '--bare', seed, remote]);
    const job = await workspace.prepareJobWorkspace({ root: path.join(scratch, `${name.replace(/\W/g, '-')}-checkouts`), jobId: 'bench', spec: { repo: remote } });
    const { commitCheckout } = await createJiti(path.join(root, 'bench', 'run.mjs')).import(path.join(root, 'src', 'fleet', 'workspace', 'commit-checkout.ts'));
    return { name, workspace, commitCheckout, job, turn: 0, times: { nothing: [], ten: [], 'commit, nothing': [], 'commit, ten': [] } };
  };
  const sides = [await sideOf(revision, there), await sideOf('this checkout', here), await sideOf('this checkout (A/A)', here)];
  const change = (side, count) => {
    for (let index = 0; index < count; index++) writeFileSync(path.join(side.job.path, `src/m${index % 50}/d${index % 7}/f${index}.ts`), `export const value${index} = ${index}; // turn ${side.turn}\n`);
  };
  const checkpoint = async (side) => {
    const started = performance.now();
    await side.workspace.checkpointJobWorkspace({ workspace: side.job, turn: ++side.turn });
    return performance.now() - started;
  };
  const commitOnly = async (side) => {
    const started = performance.now();
    await side.commitCheckout({ cwd: side.job.path, message: [`bench turn ${++side.turn}`] });
    return performance.now() - started;
  };
  // Warm-up: the first checkpoint of a checkout (its recording store's first use).
  for (const side of sides) await checkpoint(side);
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...sides.slice(round % sides.length), ...sides.slice(0, round % sides.length)];
    for (const side of order) side.times.nothing.push(await checkpoint(side));
    for (const side of order) {
      change(side, 10);
      side.times.ten.push(await checkpoint(side));
    }
    for (const side of order) side.times['commit, nothing'].push(await commitOnly(side));
    for (const side of order) {
      change(side, 10);
      side.times['commit, ten'].push(await commitOnly(side));
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`fleet workspace checkpoint, ${FILES} files, ${ROUNDS} rounds (median ms per checkpoint)`);
  const labels = { nothing: 'checkpoint, nothing changed', ten: 'checkpoint, 10 files changed', 'commit, nothing': 'commit alone, nothing changed', 'commit, ten': 'commit alone, 10 files changed' };
  for (const [key, label] of Object.entries(labels)) {
    const [before, after, again] = sides.map((side) => median(side.times[key]));
    console.log(`${label}: ${revision} ${before.toFixed(1)} ms, this checkout ${after.toFixed(1)} ms (A/B ${(after / before).toFixed(2)}×; A/A ${(again / after).toFixed(2)}×)`);
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', there], { cwd: here, stdio: 'inherit' });
  rmSync(scratch, { recursive: true, force: true });
}
