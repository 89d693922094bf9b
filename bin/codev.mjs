#!/usr/bin/env node
// The CLI runs the built JavaScript in dist/ (made by `npm run build`, which `npm ci` runs through `prepare`
// and `npm pack` through `prepack`), so a start transpiles nothing. CODEV_FROM_SOURCE=1 runs src/ through
// jiti instead: the repo's own tests do, so they always test the sources as they are. A clone installed
// with --ignore-scripts has no dist/ yet and runs src/ the same way.
// The built CLI is one bundle (dist/chunks/): with Node's compile cache (22.1+; NODE_DISABLE_COMPILE_CACHE=1
// turns it off) a start reads its compiled code back instead of compiling it again.
import { existsSync } from 'node:fs';
import module from 'node:module';

const built = new URL('../dist/cli/main.js', import.meta.url);
const fromSource = process.env.CODEV_FROM_SOURCE === '1' || (!existsSync(built) && existsSync(new URL('../src/cli/main.ts', import.meta.url)));
if (!fromSource && !process.env.NODE_DISABLE_COMPILE_CACHE) enableCompileCache();
const load = fromSource ? await sourceLoader() : (file) => import(new URL(`../dist/${file}.js`, import.meta.url).href);
const { quitOnClosedOutput } = await load('cli/quit-on-closed-output');
quitOnClosedOutput();
const { exitWhenDone } = await load('cli/exit-when-done');
const argv = process.argv.slice(2);
// `codev mcp serve` over stdio runs its server in a process of its own (see serve-in-child.ts): this one,
// the one the client started, only starts it and waits, so it loads nothing else.
const serveInChild = argv[0] === 'mcp' ? await load('cli/commands/mcp/serve-in-child') : undefined;
if (serveInChild?.isServeOverStdio(argv, process.env)) {
  await exitWhenDone(await serveInChild.serveInChild({ argv: argv.slice(2), io: { cwd: process.cwd(), env: process.env, stderr: (text) => process.stderr.write(text) } }));
} else {
  const { main } = await load('cli/main');
  // Exits with the code once the output is written, whatever a plugin or a script left scheduled.
  await exitWhenDone(await main(argv));
}

function enableCompileCache() {
  try {
    module.enableCompileCache?.();
  } catch {
    // A runtime whose node:module has it but cannot cache (a read-only temp folder…) starts the slower way.
  }
}

async function sourceLoader() {
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url, { moduleCache: true });
  return (file) => jiti.import(new URL(`../src/${file}.ts`, import.meta.url).href);
}
