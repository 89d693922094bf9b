/**
 * The JSR package: deno.json publishes what package.json does (name, version, the same entry points, from
 * src/ instead of dist/), and `deno publish --dry-run` under the `deno` devDependency passes: no slow types,
 * the package type-checks, and the only warning is the one known to be harmless.
 *
 * The dry run needs no network: Deno runs with an empty DENO_DIR, `--no-remote`, npm packages from
 * node_modules (`--node-modules-dir=manual`) and its proxies and npm registry pointed at a closed loopback
 * port, so a fetch it tried would fail the run rather than reach the internet.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild, type ChildRun } from '../run-child.ts';
import { findDenoBinary } from './find-deno.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Publishing type-checks the whole package (twice: once as written, once as JSR's fast check sees it).
const CHILD_TIMEOUT_MS = 240_000;
const TEST_TIMEOUT_MS = 260_000;
const CLOSED_LOOPBACK = 'http://127.0.0.1:9/';

interface PackageJson {
  name: string;
  version: string;
  exports: Record<string, string | { import?: string; default?: string }>;
}

interface DenoJson {
  name: string;
  version: string;
  exports: Record<string, string>;
  imports: Record<string, string>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const packageJson = readJson<PackageJson>('package.json');
const denoJson = readJson<DenoJson>('deno.json');

/** package.json's code entry points (not `./package.json` itself) and the JavaScript each one loads. */
function packageEntryPoints(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [key, target] of Object.entries(packageJson.exports)) {
    if (key === './package.json') continue;
    const file = typeof target === 'string' ? target : (target.import ?? target.default);
    if (file === undefined) throw new Error(`package.json exports["${key}"] has no import or default target`);
    entries[key] = file;
  }
  return entries;
}

describe('deno.json agrees with package.json', () => {
  it('is the same package, at the same version', () => {
    // The scope is JSR's; the name in it is npm's.
    expect(denoJson.name).toMatch(new RegExp(`^@[a-z0-9-]+/${packageJson.name}$`));
    expect(denoJson.version).toBe(packageJson.version);
  });

  it('exports the same entry points, each the source file of the JavaScript package.json exports', () => {
    const entries = packageEntryPoints();
    expect(Object.keys(denoJson.exports).sort()).toEqual(Object.keys(entries).sort());
    for (const [key, javascript] of Object.entries(entries)) {
      const built = /^\.\/dist\/(.+)\.js$/.exec(javascript);
      expect(built, `package.json exports["${key}"] = ${javascript}`).not.toBeNull();
      expect(denoJson.exports[key]).toBe(`./src/${built![1]}.ts`);
      expect(existsSync(path.join(ROOT, denoJson.exports[key]!))).toBe(true);
    }
  });

  it('maps `codev` and `codev/testing` to the same files for the repo\'s own Deno code', () => {
    for (const [key, source] of Object.entries(denoJson.exports)) {
      expect(denoJson.imports[packageJson.name + key.slice(1)]).toBe(source);
    }
  });
});

describe('deno publish --dry-run', () => {
  let denoDir: string;
  beforeAll(() => {
    denoDir = mkdtempSync(path.join(os.tmpdir(), 'codev-jsr-deno-dir-'));
  });
  afterAll(() => {
    rmSync(denoDir, { recursive: true, force: true });
  });

  it('passes with no slow types, publishing the entry points and no tests', async () => {
    // --allow-dirty: the check is of the files as they are, not of whether they are committed.
    const result = await runDeno(['publish', '--dry-run', '--allow-dirty', '--no-lock', '--no-remote', '--node-modules-dir=manual'], denoDir);
    const output = result.stdout + result.stderr;
    const problems = diagnostics(output);
    expect(problems.filter((problem) => problem.level === 'error'), output).toEqual([]);
    expect(result.code, output).toBe(0);
    // The worker imports match-file by the absolute URL its caller computes, never by a bare specifier, so the
    // import map and package.json that JSR cannot rewrite it against are not needed to resolve it.
    expect(problems).toEqual([{ level: 'warning', code: 'unanalyzable-dynamic-import', file: 'src/tools/Grep/match-files-worker.mjs' }]);

    const files = publishedFiles(output);
    expect(files).toEqual(expect.arrayContaining(['deno.json', 'package.json', ...Object.values(denoJson.exports).map((file) => file.slice(2))]));
    expect(files.filter((file) => file.startsWith('src/') && /\.test\.ts$|fixture|test-helper|test-kit/.test(file))).toEqual([]);
  }, TEST_TIMEOUT_MS);
});

interface Diagnostic {
  level: 'error' | 'warning';
  code: string;
  file: string;
}

/** `error[missing-explicit-type]` / `warning[...]` blocks, each with the file of its `-->` line. */
function diagnostics(output: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const lines = output.split('\n');
  lines.forEach((line, index) => {
    const heading = /^(error|warning)\[([a-z0-9-]+)\]/.exec(line);
    if (!heading) return;
    const location = lines.slice(index + 1, index + 4).find((next) => /^\s*-->/.test(next));
    const file = location?.replace(/^\s*-->\s*/, '').replace(/:\d+:\d+$/, '');
    found.push({ level: heading[1] as Diagnostic['level'], code: heading[2]!, file: file ? relativeToRoot(file) : '' });
  });
  return found;
}

/** The `file:///...` lines the dry run lists, relative to the repo root. */
function publishedFiles(output: string): string[] {
  return output
    .split('\n')
    .map((line) => /^\s+(file:\/\/\S+)/.exec(line)?.[1])
    .filter((url): url is string => url !== undefined)
    .map(relativeToRoot);
}

/** `src/index.ts` for `/repo/src/index.ts` or `file:///repo/src/index.ts`. */
function relativeToRoot(location: string): string {
  const file = location.startsWith('file://') ? fileURLToPath(location) : location;
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/** Runs the deno devDependency in the repo root, offline, killed after CHILD_TIMEOUT_MS. */
function runDeno(args: readonly string[], denoDir: string): Promise<ChildRun> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NO_COLOR: '1',
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    ...Object.fromEntries(['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'].flatMap((name) => [[name, CLOSED_LOOPBACK], [name.toLowerCase(), CLOSED_LOOPBACK]])),
    NO_PROXY: '',
    no_proxy: '',
    NPM_CONFIG_REGISTRY: CLOSED_LOOPBACK,
  };
  return runChild(findDenoBinary(), args, { cwd: ROOT, timeoutMs: CHILD_TIMEOUT_MS, env });
}
