#!/usr/bin/env node
// `npm run build`: writes dist/ in stages: the types (one bundled .d.ts per entry, see build-types.mjs, for
// consumers' type-checks), the runtime (an esbuild bundle in dist/chunks/ with one
// re-exporting module per entry at its tree path, see bundle-runtime.mjs), and the files code loads by URL
// beside it (workers, wasm). It builds into a temporary folder and renames it over dist/ at the end, so an
// interrupted or failed build leaves the previous dist/ (or none), never half of one.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleRuntime, CHUNK_FOLDER } from './bundle-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'dist');
const staging = path.join(root, `.dist-${process.pid}`);
const started = performance.now();

/** Files that are not compiled but must ship beside the code that loads them (workers, the bash grammar's .wasm and its notice). */
const isRuntimeAsset = (name) => /\.(mjs|cjs|wasm|LICENSE)$/.test(name) && !/\.test\./.test(name);
/** Test-only code (fixtures, helpers, fake servers of the tests) lives in folders of this name and never ships. */
const TEST_FIXTURES = 'test-fixtures';

function fail(message) {
  rmSync(staging, { recursive: true, force: true });
  console.error(`build: ${message}; dist/ was left as it was`);
  process.exit(1);
}

/**
 * The declarations: the repo's TypeScript emits one .d.ts per module, which scripts/build-types.mjs bundles into
 * one per entry. A stage of its own: another way of writing the declarations replaces this one function's body.
 */
function buildTypes() {
  // The package's bin (not exported, so found through its package.json).
  const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
  const compile = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', staging, '--emitDeclarationOnly'], { cwd: root, stdio: 'inherit' });
  if (compile.status !== 0) fail(`tsc -p tsconfig.build.json failed (exit ${compile.status ?? compile.signal})`);
  if (spawnSync(process.execPath, [path.join(root, 'scripts/build-types.mjs'), staging], { cwd: root, stdio: 'inherit' }).status !== 0) fail('scripts/build-types.mjs could not bundle the declarations');
}

/** Copies the workers and wasm files under src/ to their tree places, where the modules that load them look. */
function copyAssets() {
  let copied = 0;
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !isRuntimeAsset(entry.name)) continue;
    const relative = path.relative(path.join(root, 'src'), path.join(entry.parentPath, entry.name));
    if (relative.split(path.sep).includes(TEST_FIXTURES)) continue;
    cpSync(path.join(root, 'src', relative), path.join(staging, relative));
    copied += 1;
  }
  return copied;
}

/**
 * Every `new URL('./…', import.meta.url)` in src/ must find its file from the module's tree place in the build
 * (`./x${extension}` is the built `./x.js`); a neighbour no stage put there fails the build, not a user's run.
 */
function checkNeighbours() {
  const missing = [];
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.ts$/.test(entry.name) || /\.test\./.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (path.relative(root, file).split(path.sep).includes(TEST_FIXTURES)) continue;
    const treeFolder = path.join(staging, path.relative(path.join(root, 'src'), entry.parentPath));
    for (const match of readFileSync(file, 'utf8').matchAll(/new URL\(\s*(['"`])(\.{1,2}\/[^'"`$]*)(\$\{[^`]*\})?\1\s*,\s*import\.meta\.url\s*\)/g)) {
      const neighbour = path.resolve(treeFolder, match[2] + (match[3] ? '.js' : ''));
      if (!existsSync(neighbour)) missing.push(`${path.relative(root, file)} loads ${match[0]}, but the build has no ${path.join('dist', path.relative(staging, neighbour))}`);
    }
  }
  if (missing.length > 0) fail(`files that code loads by URL are missing:\n  ${missing.join('\n  ')}`);
}

for (const entry of readdirSync(root)) if (entry.startsWith('.dist-')) rmSync(path.join(root, entry), { recursive: true, force: true });
buildTypes();
let bundle;
try {
  bundle = await bundleRuntime({ root, outdir: staging });
} catch (error) {
  fail(`esbuild could not bundle the runtime:\n${error.errors?.map((message) => `  ${message.location?.file ?? ''}:${message.location?.line ?? ''} ${message.text}`).join('\n') ?? error.message}`);
}
const assets = copyAssets();
checkNeighbours();
if (!existsSync(path.join(staging, 'index.js'))) fail('the build wrote no dist/index.js');

rmSync(target, { recursive: true, force: true });
renameSync(staging, target);
const chunks = readdirSync(path.join(target, CHUNK_FOLDER)).filter((name) => name.endsWith('.js'));
const bytes = chunks.reduce((sum, name) => sum + statSync(path.join(target, CHUNK_FOLDER, name)).size, 0);
console.log(`build: dist/ has ${bundle.entries.length} entries (${bundle.entries.join(', ')}), ${chunks.length} chunks of ${(bytes / 1e6).toFixed(2)} MB in dist/${CHUNK_FOLDER}/ (with ${bundle.packages} packages inside), ${assets} workers and wasm files, and the .d.ts tree (${Math.round(performance.now() - started)} ms)`);
