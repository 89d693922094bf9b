#!/usr/bin/env node
// `node scripts/build-types.mjs <dist>` (run by scripts/build.mjs after tsc emitted one .d.ts per module): bundles
// the declarations into one .d.ts per package entry (plus shared chunks under types/) and removes the per-module ones.
// A consumer's `tsc` with skipLibCheck off then reads ~10 codev files instead of ~140, and none of the packages
// codev bundles: the declarations of `@anthropic-ai/sdk` and `@modelcontextprotocol/sdk/types` that the public API
// names resolve to stand-ins (scripts/public-types/) whose Messages and MCP types are inlined from the SDKs' own
// declarations. Every other package stays an import (zod, @opentelemetry/api, the optional peers of codev/fleet).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const started = performance.now();

/** The package entries (`exports` keys) by their declaration file in dist/, without `.d.ts`. */
const ENTRIES = ['index', 'plugin', 'testing/index', 'fleet/index'];
const STAND_INS = path.join(root, 'scripts/public-types');
const packageDirectory = (name) => path.join(root, 'node_modules', name);
/** Bare specifiers the declarations must not keep, and the file each resolves to instead (inlined into the bundle). */
const REDIRECTS = new Map([
  ['@anthropic-ai/sdk', path.join(STAND_INS, 'anthropic-sdk.d.ts')],
  ['@anthropic-ai/sdk/resources/messages/messages', path.join(packageDirectory('@anthropic-ai/sdk'), 'resources/messages/messages.d.mts')],
  ['@modelcontextprotocol/sdk/types', path.join(STAND_INS, 'modelcontextprotocol-sdk-types.d.ts')],
  ['@modelcontextprotocol/sdk/spec.types', path.join(packageDirectory('@modelcontextprotocol/sdk'), 'dist/esm/spec.types.d.ts')],
]);
const INLINED = ['@anthropic-ai/sdk', '@modelcontextprotocol/sdk'];

const { rolldown } = await import('rolldown');
const { dts } = await import('rolldown-plugin-dts');

const redirect = {
  name: 'codev-public-types',
  resolveId: {
    order: 'pre',
    handler(id) {
      // The SDKs' fetch typings reach undici-types and node-fetch through guessed relative paths; none of that is kept.
      if (id.startsWith('.') && id.includes('node_modules/')) return { id: id.replace(/^.*node_modules\/|(\/index)?(\.d\.ts)?\.mjs$/g, ''), external: true };
      return REDIRECTS.get(id.replace(/\.js$/, '')) ?? null;
    },
  },
};
const bundle = await rolldown({
  input: Object.fromEntries(ENTRIES.map((entry) => [entry, path.join(dist, `${entry}.d.ts`)])),
  cwd: root,
  plugins: [redirect, dts({ dtsInput: true, emitDtsOnly: true, resolve: INLINED, sourcemap: false })],
  external: (id) => !REDIRECTS.has(id) && !id.startsWith('.') && !path.isAbsolute(id) && !INLINED.some((name) => id.startsWith(`${name}/`)),
  logLevel: 'silent',
});
const { output } = await bundle.generate({ format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'types/[name]-[hash].d.ts' });
await bundle.close();

let removed = 0;
for (const file of readdirSync(dist, { recursive: true })) {
  if (!/\.d\.ts(\.map)?$/.test(file)) continue;
  rmSync(path.join(dist, file));
  removed += 1;
}
for (const chunk of output) {
  const file = path.join(dist, chunk.fileName);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, chunk.type === 'chunk' ? chunk.code : chunk.source);
}
console.log(`build-types: ${output.length} declaration files for ${ENTRIES.length} entries replace ${removed} per-module ones (${Math.round(performance.now() - started)} ms)`);
