/**
 * codev as a user gets it: scripts/pack.mjs makes the tarball as it is published, a fresh project outside this repo installs it from
 * there (no link to the clone, no loader), and then the package must work as a library under Node and Deno,
 * type-check under TypeScript's three module resolutions with `skipLibCheck` off, scaffold a project with
 * `codev init` that passes its own test and type-check, and pass publint and arethetypeswrong.
 *
 * Slow (two `npm install`s from npm's cache, several type-checks); the installs need the npm registry when
 * the cache lacks a package, like `npm ci`. Everything else is loopback only. The packed and installed project is
 * shared with test/runtimes/, which runs the consumer program and the CLI on every supported runtime.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { findDenoBinary } from '../deno/find-deno.ts';
import { REPO } from './pack-codev.ts';
import { INSTALL, packedConsumer, TYPESCRIPT_5 } from './packed-consumer.ts';
import { runChild, userEnvironment, type ChildRun } from '../run-child.ts';

const MANIFEST = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string>; devDependencies: Record<string, string>; peerDependencies: Record<string, string> };
const REPO_TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');

let temp: string;
let tarball: string;
let shipped: string[];
let project: string;

function expectSuccess(run: ChildRun): void {
  expect(run.code, run.output).toBe(0);
}

// The project is removed with the run's temp folder (test/temp-folder-per-run.ts).
beforeAll(async () => {
  ({ temp, tarball, files: shipped, project } = await packedConsumer());
}, 420_000);

describe('the packed package', () => {
  it('ships the built entries, the CLI and the bash grammar, and no sources, declaration maps, tests or fixtures', () => {
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/plugin.js', 'dist/plugin.d.ts', 'dist/testing/index.js', 'dist/testing/index.d.ts', 'dist/fleet/index.js', 'dist/fleet/index.d.ts', 'dist/cli/main.js', 'dist/ui/page/index.html', 'dist/ui/page/assets/app.js', 'dist/ui/page/assets/app.css', 'bin/codev.mjs', 'LICENSE', 'CHANGELOG.md', 'README.md', 'templates/default/agent.ts']) {
      expect(shipped).toContain(file);
    }
    expect(shipped.filter((file) => file.endsWith('tree-sitter-bash.wasm') || file.endsWith('tree-sitter-bash.LICENSE'))).toHaveLength(2);
    // src/ and the maps into it were 2,778 of 4,652 files and 5.2 of 11.5 MB unpacked (see README's Packaging).
    expect(shipped.filter((file) => file.startsWith('src/') || file.endsWith('.d.ts.map'))).toEqual([]);
    // A source map ships only with what it maps: each source it names is shipped, or inlined in it.
    for (const map of shipped.filter((file) => file.endsWith('.map'))) {
      const { sources, sourcesContent = [] } = JSON.parse(readFileSync(path.join(project, 'node_modules/codev', map), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
      sources.forEach((source, index) => expect(typeof sourcesContent[index] === 'string' || shipped.includes(path.posix.join(path.posix.dirname(map), source)), `${map}: ${source}`).toBe(true));
    }
    expect(shipped.filter((file) => !file.startsWith('templates/')).filter((file) => /\.test\.|fixture|test-helper|test-kit/.test(file))).toEqual([]);
    const vitestImports = shipped.filter((file) => /\.(m?js|ts)$/.test(file) && !file.startsWith('templates/')).filter((file) => /from ['"]vitest['"]/.test(readFileSync(path.join(project, 'node_modules/codev', file), 'utf8')));
    expect(vitestImports).toEqual([]);
  });

  it('publishes a package.json without scripts or devDependencies, and installs without any install script or native build', () => {
    const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules/codev/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    // What npm would run at install: a preinstall, install or postinstall script, or node-gyp for a binding.gyp.
    const installing: string[] = [];
    for (const entry of readdirSync(path.join(project, 'node_modules'), { recursive: true, withFileTypes: true })) {
      if (entry.name !== 'package.json' || !entry.isFile()) continue;
      const folder = entry.parentPath;
      let scripts: Record<string, string> | undefined;
      try {
        scripts = (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts;
      } catch {
        continue; // a fixture's package.json inside some package, not a manifest npm reads
      }
      const hooks = ['preinstall', 'install', 'postinstall'].filter((hook) => scripts?.[hook]);
      if (hooks.length > 0 || existsSync(path.join(folder, 'binding.gyp'))) installing.push(`${path.relative(project, folder)}: ${hooks.join(', ') || 'binding.gyp'}`);
    }
    expect(installing).toEqual([]);
    for (const absent of ['sharp', 'tree-sitter-bash', '@img']) expect(existsSync(path.join(project, 'node_modules', absent)), absent).toBe(false);
  });

  it('sends a small image without sharp, and names the command that installs it for an image that needs resizing', async () => {
    const sharp = (await import('sharp')).default;
    const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toFile(path.join(project, width > 2000 ? 'large.png' : 'small.png'));
    await Promise.all([canvas(3000, 20), canvas(40, 30)]);
    copyFileSync(path.join(REPO, 'test/package/consumer/images.mjs'), path.join(project, 'images.mjs'));
    const run = await runChild(process.execPath, ['images.mjs'], { cwd: project, timeoutMs: 60_000 });
    expectSuccess(run);
    expect(run.stdout.trim().split('\n').map((line) => JSON.parse(line))).toEqual([
      { large: { code: 'MEDIA_RESIZE_UNAVAILABLE', hint: `npm i sharp@${MANIFEST.peerDependencies.sharp}`, file: path.join(project, 'large.png') } },
      { small: 'A small image.', sent: ['image/png'] },
    ]);
  }, 90_000);

  it('imports `codev/plugin` without the built-in tools, the agent loop or MCP', async () => {
    // Every module Node loads, written down by a loader hook (hooks run in their own thread).
    writeFileSync(path.join(project, 'list-hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.LOADED_LIST, url + '\\n'); return next(url, context); }\n");
    writeFileSync(path.join(project, 'list-modules.mjs'), "import { register } from 'node:module';\nregister('./list-hooks.mjs', import.meta.url);\n");
    const loaded = async (specifier: string): Promise<string[]> => {
      const list = path.join(temp, `loaded-${specifier.replace('/', '-')}.txt`);
      const run = await runChild(process.execPath, ['--import', './list-modules.mjs', '-e', `await import('${specifier}')`], { cwd: project, timeoutMs: 60_000, env: userEnvironment({ LOADED_LIST: list }) });
      expectSuccess(run);
      const files = readFileSync(list, 'utf8').split('\n').filter((url) => url.includes('/node_modules/codev/dist/')).map((url) => fileURLToPath(url));
      return [...new Set(files.flatMap(sourceModules))];
    };
    // dist/ is a bundle: a chunk's source map names the modules in it (src/tool/build-tool.ts is `tool/build-tool.js`).
    // The tarball ships no maps (they point at src/, which it does not ship): the repo's build is the same chunks.
    const sourceModules = (file: string): string[] => {
      const map = `${path.join(REPO, path.relative(path.join(project, 'node_modules/codev'), file))}.map`;
      if (!existsSync(map)) return [];
      const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      const src = path.resolve(path.dirname(map), '../../src');
      return sources.map((source) => path.resolve(path.dirname(map), source)).filter((source) => source.startsWith(src + path.sep)).map((source) => path.relative(src, source).replace(/\.ts$/, '.js'));
    };
    const [plugin, whole] = [await loaded('codev/plugin'), await loaded('codev')];
    expect(plugin).toContain('tool/build-tool.js');
    expect(plugin.filter((file) => /^(tools|agent|subagents|mcp|kernel|execution)\//.test(file))).toEqual([]);
    expect(whole).toEqual(expect.arrayContaining(['tools/Bash/index.js', 'agent/create-agent.js']));
    expect(plugin.length * 10).toBeLessThan(whole.length);
    // codev/fleet is its own entry: `codev` never loads it (nor bullmq and ioredis).
    expect(whole.filter((file) => file.startsWith('fleet/'))).toEqual([]);
  }, 120_000);

  it('imports `codev/fleet` without its optional peers, and says what to install when a fleet is opened', async () => {
    const script = "const fleet = await import('codev/fleet'); try { await fleet.createFleet({ connection: 'redis://127.0.0.1:9' }); } catch (error) { console.log(JSON.stringify({ code: error.code, hint: error.hint })); }";
    const run = await runChild(process.execPath, ['--input-type=module', '-e', script], { cwd: project, timeoutMs: 60_000 });
    expectSuccess(run);
    expect(JSON.parse(run.stdout)).toEqual({ code: 'FLEET_UNAVAILABLE', hint: expect.stringContaining('npm i bullmq') });
  }, 90_000);

  it('runs its CLI from the built JavaScript', async () => {
    const version = await runChild(path.join(project, 'node_modules/.bin/codev'), ['--version'], { cwd: project, timeoutMs: 30_000 });
    expectSuccess(version);
    expect(version.stdout.trim()).toBe(`codev ${MANIFEST.version}`);
  }, 60_000);

  const resolutions = [
    { moduleResolution: 'node16', module: 'node16' },
    { moduleResolution: 'nodenext', module: 'nodenext' },
    { moduleResolution: 'bundler', module: 'esnext' },
  ];
  const compilers = [
    { name: 'TypeScript 7 (the repo\'s)', tsc: () => REPO_TSC },
    { name: `TypeScript ${TYPESCRIPT_5}`, tsc: () => path.join(project, 'node_modules/typescript/bin/tsc') },
  ];
  for (const compiler of compilers) {
    it(`type-checks the program with ${compiler.name}, strict and skipLibCheck off, for node16, nodenext and bundler`, async () => {
      copyFileSync(path.join(project, 'app.mjs'), path.join(project, 'app.mts'));
      for (const { moduleResolution, module } of resolutions) {
        const config = `tsconfig.${moduleResolution}.json`;
        const compilerOptions = { strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022', module, moduleResolution, types: ['node'] };
        writeFileSync(path.join(project, config), JSON.stringify({ compilerOptions, files: ['app.mts'] }, null, 2));
        const check = await runChild(process.execPath, [compiler.tsc(), '-p', config], { cwd: project, timeoutMs: 120_000 });
        expect(check.code, `${compiler.name}, ${moduleResolution}:\n${check.output}`).toBe(0);
      }
    }, 360_000);
  }

  // The program runs under Deno (and every other runtime) in test/runtimes/runtimes.test.ts.
  it('type-checks the same program with deno check, importing npm:codev', async () => {
    const source = readFileSync(path.join(project, 'app.mjs'), 'utf8').replace(/from '(codev|codev\/plugin|codev\/testing|zod)'/g, "from 'npm:$1'");
    expect(source).toContain("from 'npm:codev'");
    writeFileSync(path.join(project, 'deno-app.ts'), source);
    const denoDir = path.join(temp, 'deno-dir');
    const env = { DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1' };
    const flags = ['--node-modules-dir=manual', '--cached-only'];
    const check = await runChild(findDenoBinary(), ['check', ...flags, 'deno-app.ts'], { cwd: project, timeoutMs: 120_000, env: userEnvironment(env) });
    expectSuccess(check);
  }, 240_000);

  it('scaffolds with `npx codev init`: a dependency on the tarball it came from, and the new project passes its test and type-check', async () => {
    const init = await runChild('npx', ['--no-install', 'codev', 'init', 'my-agent'], { cwd: project, timeoutMs: 60_000 });
    expectSuccess(init);
    const agent = path.join(project, 'my-agent');
    const manifest = JSON.parse(readFileSync(path.join(agent, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // The tarball the running codev was installed from (npm's lock says which), so the project installs unpublished.
    expect(manifest.dependencies.codev).toBe(`file:${path.relative(agent, tarball).split(path.sep).join('/')}`);
    expect(init.stdout).toContain(`installed from ${tarball}`);
    expectSuccess(await runChild('npm', INSTALL, { cwd: agent, timeoutMs: 300_000 }));
    const test = await runChild('npm', ['test'], { cwd: agent, timeoutMs: 180_000 });
    expectSuccess(test);
    expect(test.output).toMatch(/Tests\s+8 passed/);
    expectSuccess(await runChild('npm', ['run', 'typecheck'], { cwd: agent, timeoutMs: 120_000 }));
    // The offline try-out: codev fake-model serving the echo model, which calls WordCount as the prompt asks.
    const tryOut = await runChild('npm', ['run', 'try'], { cwd: agent, timeoutMs: 60_000 });
    expectSuccess(tryOut);
    expect(tryOut.output).toContain('WordCount');
    const tool = await runChild('npx', ['--no-install', 'codev', 'tool', 'WordCount', '{"path":"README.md"}', '--json'], { cwd: agent, timeoutMs: 60_000 });
    expectSuccess(tool);
    expect(JSON.parse(tool.stdout).decision).toEqual({ behavior: 'allow', source: 'config', rule: 'WordCount' });
  }, 600_000);

  it('passes publint (strict) and arethetypeswrong (ESM-only profile)', async () => {
    const publint = await runChild(path.join(REPO, 'node_modules/.bin/publint'), ['run', tarball, '--strict'], { cwd: temp, timeoutMs: 60_000 });
    expectSuccess(publint);
    expect(publint.output).toContain('All good');
    const attw = await runChild(path.join(REPO, 'node_modules/.bin/attw'), [tarball, '--profile', 'esm-only', '--format', 'json'], { cwd: temp, timeoutMs: 120_000 });
    expectSuccess(attw);
    const report = JSON.parse(attw.stdout) as { problems?: Record<string, { resolutionKind: string }[]> };
    const problems = Object.values(report.problems ?? {}).flat().filter((problem) => problem.resolutionKind === 'node16-esm' || problem.resolutionKind === 'bundler');
    expect(problems).toEqual([]);
  }, 180_000);
});
