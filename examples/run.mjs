#!/usr/bin/env node
// Runs a TypeScript example under Node (20 has no type stripping): `node examples/run.mjs examples/no-model.ts [args...]`.
// jiti transpiles it on the fly, like the codev CLI does; the example sees its own arguments in process.argv.slice(2).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createJiti } from 'jiti';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node examples/run.mjs <example.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], path.resolve(script), ...args];
// `codev` is this repo's source, so the examples show the code as it is, built or not.
const jiti = createJiti(import.meta.url, { alias: { 'codev/testing': new URL('../src/testing/index.ts', import.meta.url).pathname, codev: new URL('../src/index.ts', import.meta.url).pathname } });
await jiti.import(pathToFileURL(path.resolve(script)).href);
