#!/usr/bin/env node
/**
 * What a file checkpoint costs per turn on a 10,000-file git repository, against the ways it could be done:
 *
 *   node bench/checkpoints.mjs [files=10000] [rounds=9]
 *
 * - codev: `store.record()` of the checkpoint store (src/checkpoints/), the same session each round, as the
 *   agent loop records before each turn's tool calls: nothing changed since the last turn, 10 files changed, 100.
 * - shadow `add -A`: a shadow repository (GIT_DIR elsewhere, the repo as work tree) updated with `git add -A`
 *   then `git write-tree` (one process more than codev's pair of scans, and no size cap).
 * - `stash create`: `git stash create` in a copy of the repository (what using the user's own repo would cost,
 *   on top of touching its index and objects).
 * - node walk + sha1: every file read and hashed by Node (what a content-addressed store without git's stat
 *   cache costs).
 * - `cp -r` and `tar`: a copy of the tree per turn (what a naive snapshot costs; no deduplication).
 * - codev rewind: what undoing a turn that changed 10 files costs (a recording of the present, the plan, the
 *   journal, the 10 files written back); its ratio is against codev's recording with nothing changed.
 *
 * Rounds alternate between the cases (a busy machine drifts); for the changed cases the files are changed before
 * the timed part. The median round is printed with its ratio to codev's row for the same change.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { openCheckpointStore } = await jiti.import('../src/checkpoints/open-checkpoint-store.ts');

const FILES = Number(process.argv[2] ?? 10_000);
const ROUNDS = Number(process.argv[3] ?? 9);
const ISOLATED = { ...process.env, GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
const git = (cwd, args, env = {}) => execFileSync('git', args, { cwd, env: { ...ISOLATED, ...env }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });

function makeRepository(root) {
  for (let index = 0; index < FILES; index++) {
    const folder = path.join(root, `src/m${index % 50}/d${index % 7}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `f${index}.ts`), `export const value${index} = ${index};\n// ${'x'.repeat(index % 900)}\n`);
  }
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  git(root, ['init', '-q', '-b', 'main']);
  git(root, ['add', '-A']);
  git(root, ['-c', 'gc.auto=0', 'commit', '-q', '-m', 'bench']);
}

let turn = 0;
function changeFiles(root, count) {
  turn++;
  for (let index = 0; index < count; index++) {
    const file = path.join(root, `src/m${index % 50}/d${index % 7}/f${index}.ts`);
    writeFileSync(file, `export const value${index} = ${index}; // turn ${turn}\n`);
  }
}

function walkAndHash(folder) {
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) count += walkAndHash(full);
    else if (entry.isFile()) {
      createHash('sha1').update(readFileSync(full)).digest('hex');
      count++;
    }
  }
  return count;
}

const base = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-checkpoints-'));
const repo = path.join(base, 'repo');
const copy = path.join(base, 'copy');
mkdirSync(repo);
process.stderr.write(`generating ${FILES} files in ${repo}...\n`);
makeRepository(repo);
execFileSync('cp', ['-r', repo, copy]);
const shadow = path.join(base, 'shadow.git');
git(base, ['init', '-q', '--bare', shadow]);
const shadowEnv = { GIT_DIR: shadow, GIT_WORK_TREE: repo, GIT_INDEX_FILE: path.join(base, 'shadow-index') };
const store = openCheckpointStore({ directory: path.join(base, 'store') });
let snapshotCount = 0;

const CASES = [];
for (const changed of [0, 10, 100]) {
  CASES.push(
    { name: `codev record, ${changed} changed`, group: changed, reference: true, prepare: () => changeFiles(repo, changed), run: () => store.record({ sessionId: 'bench', roots: [repo] }) },
    { name: `shadow git add -A + write-tree, ${changed} changed`, group: changed, prepare: () => changeFiles(repo, changed), run: () => { git(repo, ['add', '-A'], shadowEnv); git(repo, ['write-tree'], shadowEnv); } },
    { name: `git stash create in a copy, ${changed} changed`, group: changed, prepare: () => changeFiles(copy, changed), run: () => spawnSync('git', ['stash', 'create'], { cwd: copy, env: ISOLATED, stdio: 'ignore' }) },
  );
}
let rewindTarget;
CASES.push(
  {
    name: 'codev rewind of a turn that changed 10 files (planRestore + applyRestore)',
    group: 'rewind',
    prepare: async () => {
      rewindTarget = await store.record({ sessionId: 'bench', roots: [repo] });
      changeFiles(repo, 10);
    },
    run: async () => {
      const plan = await store.planRestore({ sessionId: 'bench', target: rewindTarget });
      await store.applyRestore({ sessionId: 'bench', plan });
    },
  },
  { name: 'node walk + sha1 of every file', group: 'any', run: () => walkAndHash(repo) },
  { name: 'cp -r of the tree (.git aside)', group: 'any', run: () => { execFileSync('cp', ['-r', path.join(repo, 'src'), path.join(base, `snap${++snapshotCount}`)]); } },
  { name: 'tar of the tree (.git aside)', group: 'any', run: () => { spawnSync('tar', ['-cf', path.join(base, `snap${++snapshotCount}.tar`), '--exclude=.git', '-C', repo, '.']); } },
);

// Warm-up: the first recording hashes every file, the shadow repo's first add too; neither is a per-turn cost.
for (const testCase of CASES) {
  await testCase.prepare?.();
  await testCase.run();
}
const times = new Map(CASES.map((testCase) => [testCase, []]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? CASES : [...CASES].reverse();
  for (const testCase of order) {
    await testCase.prepare?.();
    const start = performance.now();
    await testCase.run();
    times.get(testCase).push(performance.now() - start);
  }
  for (let index = 1; index <= snapshotCount; index++) rmSync(path.join(base, `snap${index}`), { recursive: true, force: true }), rmSync(path.join(base, `snap${index}.tar`), { force: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reference = new Map(CASES.filter((testCase) => testCase.reference).map((testCase) => [testCase.group, median(times.get(testCase))]));
const nothingChanged = reference.get(0);
console.log(`\n${FILES} files, ${ROUNDS} rounds (median; min–max)\n`);
console.log('| case | ms (median) | rounds min–max | vs codev (same change) |');
console.log('|:--|--:|--:|--:|');
for (const testCase of CASES) {
  const values = times.get(testCase);
  const ms = median(values);
  const against = reference.get(testCase.group) ?? nothingChanged;
  console.log(`| ${testCase.name} | ${ms.toFixed(1)} | ${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} | ${testCase.reference ? '1.00× (ref)' : `${(ms / against).toFixed(2)}×`} |`);
}
rmSync(base, { recursive: true, force: true });
