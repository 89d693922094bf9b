// The runtime JavaScript of dist/: one esbuild bundle of every entry, split into shared chunks in dist/chunks/
// (so the CLI, `import 'codev'`, 'codev/plugin' and 'codev/testing' load one copy of each module), with the
// pure-JS dependencies inside. Each entry keeps its tree path (dist/index.js, dist/cli/main.js…) as a
// one-line module that re-exports its chunk, so package.json's exports and bin/codev.mjs name what they did.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { writeBundledLicenses } from './bundle-licenses.mjs';
import { moduleUrlPlugin } from './bundle-module-url-plugin.mjs';

/** Where the chunks go, under dist/: one folder, so that `import.meta.url` of every module is one depth. */
export const CHUNK_FOLDER = 'chunks';

/**
 * Not bundled, resolved from node_modules at run time: zod (users pass their own schemas), the OpenTelemetry
 * API (a global registry users' SDKs hook into), jiti (it requires its own dist files lazily), native and
 * wasm parts, the fleet's optional peers, and packages only a bundled dependency's unused branch names.
 */
export const EXTERNAL_PACKAGES = ['zod', '@anthropic-ai/bedrock-sdk', '@anthropic-ai/vertex-sdk', '@anthropic-ai/foundry-sdk', '@opentelemetry/api', 'jiti', 'sharp', 'web-tree-sitter', 'tree-sitter-bash', '@vscode/ripgrep', 'bullmq', 'ioredis', 'typescript'];

/**
 * CommonJS dependencies inside an ES module still use `require` (Node's builtins, optional packages) and
 * `__filename` (import-fresh, cosmiconfig's fallback for a .cjs config): each chunk gets its own.
 */
const COMMONJS_GLOBALS = [
  "import { createRequire as __codevCreateRequire } from 'node:module';",
  "import { fileURLToPath as __codevFileURLToPath } from 'node:url';",
  'const require = __codevCreateRequire(import.meta.url);',
  'const __filename = __codevFileURLToPath(import.meta.url);',
  "const __dirname = __codevFileURLToPath(new URL('.', import.meta.url));",
].join('\n');

/**
 * Modules a worker thread imports by URL (beside the module that starts it): entries of their own, so that
 * they exist at their tree place.
 */
const WORKER_IMPORTED = ['tools/Grep/match-file', 'plugins/import-module-once'];
/** What bin/codev.mjs loads, beside package.json's exports. */
const CLI_ENTRIES = ['cli/main', 'cli/quit-on-closed-output', 'cli/exit-when-done', 'cli/commands/mcp/serve-in-child'];

/** The entries, as tree paths without extension (`index`, `testing/index`, `cli/main`). */
export function runtimeEntries(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const exported = Object.values(manifest.exports)
    .map((target) => (typeof target === 'string' ? target : target.import))
    .filter((target) => target.startsWith('./dist/') && target.endsWith('.js'))
    .map((target) => target.slice('./dist/'.length, -'.js'.length));
  return [...new Set([...exported, ...CLI_ENTRIES, ...WORKER_IMPORTED])];
}

/** esbuild from the root's node_modules, else from bench/'s (where it is a dependency of the benchmarks). */
async function loadEsbuild(root) {
  for (const from of [root, path.join(root, 'bench')]) {
    try {
      return await import(createRequire(path.join(from, 'package.json')).resolve('esbuild'));
    } catch {
      // Not installed there: the next place.
    }
  }
  throw new Error('esbuild is not installed (it is a devDependency: run npm install)');
}

/**
 * Bundles src/ into `outdir` (the staging dist/): the chunks with their source maps, and one re-exporting
 * module per entry at its tree path. Returns what it wrote, and each entry's exports (`exports[entry]`).
 */
export async function bundleRuntime(options) {
  const { root, outdir } = options;
  const esbuild = await loadEsbuild(root);
  const sourceRoot = path.join(root, 'src');
  const entries = runtimeEntries(root);
  for (const entry of entries) if (!existsSync(path.join(sourceRoot, `${entry}.ts`))) throw new Error(`the entry src/${entry}.ts does not exist`);
  const chunkFolder = path.join(outdir, CHUNK_FOLDER);
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(entries.map((entry) => [`${CHUNK_FOLDER}/${chunkName(entry)}`, path.join(sourceRoot, `${entry}.ts`)])),
    outdir,
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: `${CHUNK_FOLDER}/[name]-[hash]`,
    sourcemap: 'linked',
    sourcesContent: false,
    external: EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    banner: { js: COMMONJS_GLOBALS },
    plugins: [moduleUrlPlugin({ sourceRoot, treeRoot: outdir, chunkFolder })],
    metafile: true,
    logLevel: 'silent',
    legalComments: 'eof',
  });
  const exports = {};
  for (const entry of entries) {
    const stub = path.join(outdir, `${entry}.js`);
    const relative = path.relative(path.dirname(stub), path.join(chunkFolder, `${chunkName(entry)}.js`)).split(path.sep).join('/');
    const chunk = relative.startsWith('.') ? relative : `./${relative}`;
    exports[entry] = result.metafile.outputs[`${path.relative(root, chunkFolder).split(path.sep).join('/')}/${chunkName(entry)}.js`]?.exports ?? [];
    await mkdir(path.dirname(stub), { recursive: true });
    await writeFile(stub, `export * from '${chunk}';\n${exports[entry].includes('default') ? `export { default } from '${chunk}';\n` : ''}`);
  }
  const licensed = await writeBundledLicenses({ root, metafile: result.metafile, file: path.join(chunkFolder, 'THIRD-PARTY-LICENSES.txt') });
  return { entries, exports, packages: licensed, metafile: result.metafile, warnings: result.warnings };
}

function chunkName(entry) {
  return entry.split('/').join('-');
}
