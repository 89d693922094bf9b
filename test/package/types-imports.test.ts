/**
 * codev's published declarations as a consumer's type-check sees them: they import no package the consumer does
 * not install, so a project with only codev, zod and @types/node type-checks with `skipLibCheck` off. codev
 * bundles its pure-JavaScript dependencies (the Anthropic and MCP SDKs, …), which therefore leave `dependencies`;
 * the declarations must inline what they name of those instead of importing it. Faster than package.test.ts: one
 * `npm pack`, no install (the allowed packages are linked from the repo's node_modules).
 */
import { builtinModules } from 'node:module';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packCodev, REPO } from './pack-codev.ts';
import { runChild, type ChildRun } from '../run-child.ts';

const MANIFEST = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string> };
/** The installed packages codev's public types may name: the consumer's own zod, OpenTelemetry's API, and the optional peers of `codev/fleet`. */
const TYPE_PACKAGES = ['zod', '@opentelemetry/api', 'jiti', 'web-tree-sitter', 'bullmq', 'ioredis'];
/** What the consumer project of the type-check holds besides codev: zod, Node's types (and theirs), a TypeScript. */
const CONSUMER_PACKAGES = ['zod', '@opentelemetry/api', '@types/node', 'undici-types'];
const REPO_TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');

let temp: string;
let installed: string;

beforeAll(async () => {
  temp = mkdtempSync(path.join(os.tmpdir(), 'codev-types-'));
  const { tarball } = await packCodev(temp);
  installed = path.join(temp, 'package');
  mkdirSync(installed);
  const untar = await runChild('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], { cwd: temp, timeoutMs: 120_000 });
  expect(untar.code, untar.output).toBe(0);
}, 300_000);

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
}, 60_000);

/** The package a bare import specifier names (`@scope/name/sub` → `@scope/name`), or undefined for a relative one. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\/\/\/\s*<reference\s+types=)["']([^"']+)["']/gm)].map((match) => match[1]!);
  return specifiers.map(packageOf).filter((name): name is string => name !== undefined);
}

/**
 * A project in the temp folder holding codev and `packages` (linked from the unpacked tarball and the repo's
 * node_modules; `preserveSymlinks` makes every import resolve inside the project, as in an install) and the sample
 * `app` of test/package/consumer/, type-checked: the run lists the files read.
 */
async function typeCheck(options: { project: string; packages: readonly string[]; app: string }): Promise<ChildRun> {
  const project = path.join(temp, options.project);
  mkdirSync(path.join(project, 'node_modules'), { recursive: true });
  symlinkSync(installed, path.join(project, 'node_modules/codev'));
  for (const name of options.packages) {
    mkdirSync(path.dirname(path.join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(REPO, 'node_modules', name), path.join(project, 'node_modules', name));
  }
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  copyFileSync(path.join(REPO, 'test/package/consumer', options.app), path.join(project, 'app.ts'));
  const compilerOptions = { strict: true, skipLibCheck: false, noEmit: true, preserveSymlinks: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', types: ['node'] };
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }));
  return runChild(process.execPath, [REPO_TSC, '-p', 'tsconfig.json', '--listFiles'], { cwd: project, timeoutMs: 120_000 });
}

describe('the published declarations', () => {
  it('import no package outside the installed dependencies and peers that may carry public types, and Node built-ins', () => {
    const allowed = new Set(TYPE_PACKAGES.filter((name) => name in MANIFEST.dependencies || name in (MANIFEST.peerDependencies ?? {})));
    const declarations = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((file) => /\.d\.(ts|mts|cts)$/.test(file));
    expect(declarations).toContain('dist/index.d.ts');
    const strays: string[] = [];
    for (const file of declarations) {
      for (const name of importedPackages(readFileSync(path.join(installed, file), 'utf8'))) {
        if (!allowed.has(name) && !name.startsWith('node:') && !builtinModules.includes(name)) strays.push(`${file}: ${name}`);
      }
    }
    expect([...new Set(strays)]).toEqual([]);
  });

  it('type-check a consumer program, strict with skipLibCheck off, with only codev, zod, @opentelemetry/api and @types/node installed', async () => {
    const check = await typeCheck({ project: 'consumer', packages: CONSUMER_PACKAGES, app: 'typed-app.ts' });
    expect(check.code, check.output).toBe(0);
    // TypeScript's own lib files live in its package (for TypeScript 7, a platform package beside it).
    const read = check.stdout.split('\n').filter((line) => line.includes('/node_modules/') && !/\/lib\.[^/]*\.d\.ts$/.test(line));
    expect(read.filter((file) => !/\/node_modules\/(codev|zod|@opentelemetry\/api|@types\/node|undici-types|typescript)\//.test(file))).toEqual([]);
  }, 180_000);

  it('accept the SDK\'s own client and exchange messages with its types, for a consumer who also installs @anthropic-ai/sdk', async () => {
    const check = await typeCheck({ project: 'sdk-consumer', packages: [...CONSUMER_PACKAGES, '@anthropic-ai/sdk'], app: 'sdk-client-app.ts' });
    expect(check.code, check.output).toBe(0);
  }, 180_000);
});
