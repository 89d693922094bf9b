#!/usr/bin/env node
// `npm run build`: writes dist/ in stages: the types (one bundled .d.ts per entry, see build-types.mjs, for
// consumers' type-checks), the runtime (an esbuild bundle in dist/chunks/ with one
// re-exporting module per entry at its tree path, see bundle-runtime.mjs), and the files code loads by URL
// beside it (workers, wasm). It builds into a temporary folder and renames it over dist/ at the end, so an
// interrupted or failed build leaves the previous dist/ (or none), never half of one.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alignDeclaredExports } from './align-declared-exports.mjs';
import { bundleRuntime, CHUNK_FOLDER } from './bundle-runtime.mjs';
import { buildPage, PAGE_FOLDER } from './build-page.mjs';

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

/**
 * Packages the bundled code still loads at run time (an import, a require, a `createRequire(…)('x')` esbuild could not
 * follow) must be installed with codev: dependencies or peers. A bundled package reached that way would work in
 * this repo, where it is a devDependency, and fail for every user.
 */
const LOADED_ONLY_WHERE_ABSENT = new Map([
  ['typescript', "cosmiconfig's own .ts loader, which codev replaces with its own"],
  ['node-readable-to-web-readable-stream', "pdf.js's fallback for runtimes without Readable.toWeb (Node has it)"],
]);
function checkPackagesLoadedAtRunTime() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const installed = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const builtins = new Set(builtinModules);
  const wrong = new Map();
  for (const name of readdirSync(staging, { recursive: true })) {
    if (!name.endsWith('.js')) continue;
    const text = readFileSync(path.join(staging, name), 'utf8');
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\d*\s*\(\s*|\)\s*\(\s*)(["'])([@\w][\w@/.-]*)\1/g)) {
      // Not code: a comment (JSDoc examples) or a string of code generated for later (ajv's standalone mode).
      const line = text.slice(text.lastIndexOf('\n', match.index) + 1, match.index).trimStart();
      if (line.startsWith('*') || line.startsWith('//') || /['"`]/.test(text[match.index - 1] ?? '')) continue;
      if (match[0].startsWith(')') && !line.includes('createRequire')) continue; // f(x)("a") calls a function, not a require
      const specifier = match[2];
      const packageName = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
      if (specifier.startsWith('node:') || builtins.has(packageName) || installed.has(packageName) || LOADED_ONLY_WHERE_ABSENT.has(packageName)) continue;
      wrong.set(packageName, name);
    }
  }
  if (wrong.size > 0) fail(`the bundle loads packages at run time that are not dependencies or peers (import them statically so they are bundled, or make them dependencies):\n  ${[...wrong].map(([name, file]) => `${name} (dist/${file})`).join('\n  ')}`);
}

/**
 * esbuild gives an `import()` of a CommonJS package, split into its own chunk, a default export only: named exports
 * read from it (`const { x } = await import('pkg')`) are undefined in the bundle though they work from src/. Such a
 * package is imported statically in a small module of codev's own, and that module is what is loaded on first use.
 */
function checkDynamicImportsOfCommonJs() {
  const chunkFolder = path.join(staging, CHUNK_FOLDER);
  const defaultOnly = new Set(readdirSync(chunkFolder).filter((name) => name.endsWith('.js')).filter((name) => {
    const exports = readFileSync(path.join(chunkFolder, name), 'utf8').match(/^export .*$/gm) ?? [];
    return exports.length === 1 && /^export default require_\w+\(\);$/.test(exports[0]);
  }));
  const wrong = [];
  for (const name of readdirSync(chunkFolder).filter((file) => file.endsWith('.js'))) {
    for (const match of readFileSync(path.join(chunkFolder, name), 'utf8').matchAll(/\{[^}]*\}\s*=\s*await import\("\.\/([^"]+)"\)/g)) {
      if (defaultOnly.has(match[1])) wrong.push(`dist/${CHUNK_FOLDER}/${name} reads named exports of ${match[1]}, a CommonJS package's chunk`);
    }
  }
  if (wrong.length > 0) fail(`named exports of a CommonJS package loaded by import() are undefined in the bundle (import it statically in a module of codev's own, and load that module):\n  ${wrong.join('\n  ')}`);
}

/**
 * The declarations of each package entry declare as values exactly what its bundled module exports (see
 * align-declared-exports.mjs): a value the module lacks becomes a type, a module export with no declaration fails.
 */
function checkDeclaredExports() {
  const entries = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).exports)
    .map((key) => (key === '.' ? 'index' : key.slice(2)))
    .map((key) => (existsSync(path.join(staging, `${key}.d.ts`)) ? key : `${key}/index`))
    .filter((entry) => existsSync(path.join(staging, `${entry}.d.ts`)));
  const { undeclared } = alignDeclaredExports({ dist: staging, runtime: Object.fromEntries(entries.map((entry) => [entry, bundle.exports[entry] ?? []])) });
  if (undeclared.length > 0) fail(`exports of the bundled modules that their declarations lack:\n  ${undeclared.join('\n  ')}`);
}

for (const entry of readdirSync(root)) if (entry.startsWith('.dist-')) rmSync(path.join(root, entry), { recursive: true, force: true });
buildTypes();
let bundle;
try {
  bundle = await bundleRuntime({ root, outdir: staging });
} catch (error) {
  fail(`esbuild could not bundle the runtime:\n${error.errors?.map((message) => `  ${message.location?.file ?? ''}:${message.location?.line ?? ''} ${message.text}`).join('\n') ?? error.message}`);
}
checkDeclaredExports();
const assets = copyAssets();
let page;
try {
  page = await buildPage({ root, outdir: staging });
} catch (error) {
  fail(`esbuild could not bundle the page of codev ui (src/ui/page/):\n${error.errors?.map((message) => `  ${message.location?.file ?? ''}:${message.location?.line ?? ''} ${message.text}`).join('\n') ?? error.message}`);
}
checkNeighbours();
checkPackagesLoadedAtRunTime();
checkDynamicImportsOfCommonJs();
if (!existsSync(path.join(staging, 'index.js'))) fail('the build wrote no dist/index.js');

rmSync(target, { recursive: true, force: true });
renameSync(staging, target);
const chunks = readdirSync(path.join(target, CHUNK_FOLDER)).filter((name) => name.endsWith('.js'));
const bytes = chunks.reduce((sum, name) => sum + statSync(path.join(target, CHUNK_FOLDER, name)).size, 0);
console.log(`build: dist/ has ${bundle.entries.length} entries (${bundle.entries.join(', ')}), ${chunks.length} chunks of ${(bytes / 1e6).toFixed(2)} MB in dist/${CHUNK_FOLDER}/ (with ${bundle.packages} packages inside), ${assets} workers and wasm files, the page of codev ui in dist/${PAGE_FOLDER}/ (app.js: ${(page.bytes / 1e3).toFixed(1)} kB, ${(page.gzipBytes / 1e3).toFixed(1)} kB gzipped), and the .d.ts tree (${Math.round(performance.now() - started)} ms)`);
