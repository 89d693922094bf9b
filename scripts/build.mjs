#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/ (ESM JavaScript, .d.ts and source maps, one file per source file,
// the same tree) with the repo's TypeScript, then copies the plain-JavaScript workers beside their callers.
// It builds into a temporary folder and renames it over dist/ at the end, so an interrupted or failed build
// leaves the previous dist/ (or none), never half of one.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'dist');
const staging = path.join(root, `.dist-${process.pid}`);
const started = performance.now();

/** Files that are not compiled but must ship beside the code that loads them (worker entry points, the bash grammar's .wasm and its notice). */
const isRuntimeAsset = (name) => /\.(mjs|cjs|wasm|LICENSE)$/.test(name) && !/\.test\./.test(name);
/** Test-only code (fixtures, helpers, fake servers of the tests) lives in folders of this name and never ships. */
const TEST_FIXTURES = 'test-fixtures';

function fail(message) {
  rmSync(staging, { recursive: true, force: true });
  console.error(`build: ${message}`);
  process.exit(1);
}

for (const entry of readdirSync(root)) if (entry.startsWith('.dist-')) rmSync(path.join(root, entry), { recursive: true, force: true });
// The package's bin (not exported, so found through its package.json).
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const compile = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', staging], { cwd: root, stdio: 'inherit' });
if (compile.status !== 0) fail(`tsc -p tsconfig.build.json failed (exit ${compile.status ?? compile.signal}); dist/ was left as it was`);

let assets = 0;
for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !isRuntimeAsset(entry.name)) continue;
  const relative = path.relative(path.join(root, 'src'), path.join(entry.parentPath, entry.name));
  if (relative.split(path.sep).includes(TEST_FIXTURES)) continue;
  cpSync(path.join(root, 'src', relative), path.join(staging, relative));
  assets += 1;
}
if (!existsSync(path.join(staging, 'index.js'))) fail('tsc wrote no dist/index.js');

rmSync(target, { recursive: true, force: true });
renameSync(staging, target);
const files = readdirSync(target, { recursive: true }).filter((name) => name.endsWith('.js')).length;
console.log(`build: dist/ has ${files} modules and ${assets} workers (${Math.round(performance.now() - started)} ms)`);
