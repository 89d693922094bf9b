/**
 * The built package as the CLI and a program load it from this repo's dist/ (`npm run build`; `npm test` runs it
 * first): one bundle, so a start reads a few dozen of codev's files and none of the packages bundled into it, one
 * copy of every module behind all the entries, and the files its modules find beside themselves by URL (the
 * workers, the modules a worker imports, the REPL worker, the bash grammar, package.json, templates/) where they look.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../../src/mcp/test-fixtures/test-servers.ts';
import { pdfBytes } from '../../src/tools/Read/test-fixtures/read.ts';
import { REPO } from './pack-codev.ts';
import { runChild, userEnvironment, type ChildRun } from '../run-child.ts';

const MANIFEST = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string>; devDependencies: Record<string, string> };
/** The packages inside the bundle (scripts/bundle-runtime.mjs leaves the others external). */
const BUNDLED = ['@anthropic-ai/sdk', '@modelcontextprotocol/sdk', '@mozilla/readability', 'acorn', 'chokidar', 'cosmiconfig', 'linkedom', 'picomatch', 'turndown', 'unpdf'];
const BIN = path.join(REPO, 'bin/codev.mjs');
const DIST = path.join(REPO, 'dist');

let project: string;
let home: string;

function environment(extra: Record<string, string> = {}): Record<string, string> {
  return userEnvironment({ HOME: home, ...extra });
}

function codev(args: readonly string[], extra: Record<string, string> = {}): Promise<ChildRun> {
  return runChild(process.execPath, [BIN, ...args], { cwd: project, timeoutMs: 60_000, env: environment(extra) });
}

function expectSuccess(run: ChildRun): void {
  expect(run.code, run.output).toBe(0);
}

beforeAll(() => {
  if (!existsSync(path.join(DIST, 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const temp = mkdtempSync(path.join(os.tmpdir(), 'codev-built-'));
  project = path.join(temp, 'project');
  home = path.join(temp, 'home');
  mkdirSync(path.join(project, 'plugins'), { recursive: true });
  mkdirSync(home);
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }\n');
  // zod for the plugins, as a project that installed codev has it.
  symlinkSync(path.join(REPO, 'node_modules'), path.join(project, 'node_modules'));
  // Every module Node loads: ES modules through a loader hook (it runs in its own thread), CommonJS ones from require's cache at exit.
  writeFileSync(path.join(temp, 'list-hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.LOADED_LIST, url + '\\n'); return next(url, context); }\n");
  writeFileSync(
    path.join(temp, 'list-modules.mjs'),
    "import { appendFileSync } from 'node:fs';\nimport { createRequire, register } from 'node:module';\nimport { pathToFileURL } from 'node:url';\nregister('./list-hooks.mjs', import.meta.url);\nconst { cache } = createRequire(import.meta.url);\nprocess.on('exit', () => appendFileSync(process.env.LOADED_LIST, Object.keys(cache).map((file) => pathToFileURL(file).href + '\\n').join('')));\n",
  );
}, 60_000);

afterAll(() => {
  if (project) rmSync(path.dirname(project), { recursive: true, force: true });
});

/** The files (not node: builtins) a `node --import list-modules.mjs <args>` process loaded. */
async function loadedFiles(args: readonly string[]): Promise<string[]> {
  const list = path.join(path.dirname(project), `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const run = await runChild(process.execPath, ['--import', pathToFileURL(path.join(path.dirname(project), 'list-modules.mjs')).href, ...args], { cwd: project, timeoutMs: 60_000, env: environment({ LOADED_LIST: list }) });
  expectSuccess(run);
  return [...new Set(readFileSync(list, 'utf8').split('\n').filter((url) => url.startsWith('file://')).map((url) => decodeURIComponent(new URL(url).pathname)))];
}

describe('the bundled build', () => {
  it('moves the bundled packages out of dependencies (they are devDependencies, for the build)', () => {
    for (const name of BUNDLED) {
      expect(MANIFEST.dependencies[name], name).toBeUndefined();
      expect(MANIFEST.devDependencies[name], name).toBeDefined();
    }
  });

  const starts = [
    { name: 'codev --help', args: [BIN, '--help'] },
    { name: 'codev tools', args: [BIN, 'tools'] },
    { name: "import('codev')", args: ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(path.join(DIST, 'index.js')).href)})`] },
  ];
  for (const start of starts) {
    it(`${start.name} reads a few dozen of codev's files and none of a bundled package`, async () => {
      const files = await loadedFiles(start.args);
      expect(files.filter((file) => BUNDLED.some((name) => file.includes(`/node_modules/${name}/`)))).toEqual([]);
      const own = files.filter((file) => file.startsWith(REPO + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`));
      expect(own.filter((file) => !file.startsWith(DIST + path.sep) && file !== BIN)).toEqual([]);
      expect(own.length).toBeLessThan(60);
    }, 90_000);
  }

  it('serves every entry from one copy of each module: codev, codev/plugin, codev/testing and codev/fleet share CodevError', async () => {
    const entries = ['index.js', 'plugin.js', 'testing/index.js', 'fleet/index.js'].map((file) => JSON.stringify(pathToFileURL(path.join(DIST, file)).href));
    const script = `const [codev, plugin, testing, fleet] = await Promise.all([${entries.map((entry) => `import(${entry})`).join(', ')}]); console.log(JSON.stringify({ plugin: plugin.CodevError === codev.CodevError, testing: typeof testing.createFakeMessagesServer, fleet: typeof fleet.createFleet }));`;
    const run = await runChild(process.execPath, ['--input-type=module', '-e', script], { cwd: project, timeoutMs: 60_000, env: environment() });
    expectSuccess(run);
    expect(JSON.parse(run.stdout)).toEqual({ plugin: true, testing: 'function', fleet: 'function' });
  }, 90_000);

  it("a CodevError a plugin throws is the CLI's own (its code reaches the result)", async () => {
    writeFileSync(
      path.join(project, 'plugins/boom.ts'),
      "import { buildTool, CodevError } from 'codev/plugin';\nimport { z } from 'zod';\nexport default buildTool({ name: 'Boom', description: 'Fails', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'allow' }), call() { throw new CodevError('SESSION_NOT_FOUND', 'boom'); } });\n",
    );
    try {
      const run = await codev(['tool', 'Boom', '--json']);
      expect(JSON.parse(run.stdout)).toMatchObject({ is_error: true, error_code: 'SESSION_NOT_FOUND' });
    } finally {
      rmSync(path.join(project, 'plugins/boom.ts'));
    }
  }, 90_000);

  it("declares as values exactly the names each entry exports at run time (a name exported with `export type *` stays a type)", async () => {
    const entries = { codev: 'index', 'codev/plugin': 'plugin', 'codev/testing': 'testing/index', 'codev/fleet': 'fleet/index' };
    const urls = Object.values(entries).map((entry) => pathToFileURL(path.join(DIST, `${entry}.js`)).href);
    const listed = await runChild(process.execPath, ['--input-type=module', '-e', `const urls = ${JSON.stringify(urls)}; console.log(JSON.stringify(await Promise.all(urls.map(async (url) => Object.keys(await import(url))))));`], { cwd: project, timeoutMs: 60_000, env: environment() });
    expectSuccess(listed);
    const runtime = JSON.parse(listed.stdout) as string[][];
    // `keyof typeof` a namespace import is the entry's value exports: a name missing or extra is an error of the object literal.
    const app = Object.keys(entries).map((specifier, index) => `import * as entry${index} from '${specifier}';\nexport const values${index}: Record<keyof typeof entry${index}, true> = { ${runtime[index]!.map((name) => `${name}: true`).join(', ')} };\n`).join('');
    const consumer = path.join(path.dirname(project), 'exports-consumer');
    mkdirSync(path.join(consumer, 'node_modules/@types'), { recursive: true });
    symlinkSync(REPO, path.join(consumer, 'node_modules/codev'));
    for (const name of ['zod', '@opentelemetry', '@types/node', 'undici-types']) symlinkSync(path.join(REPO, 'node_modules', name), path.join(consumer, 'node_modules', name));
    writeFileSync(path.join(consumer, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(path.join(consumer, 'app.ts'), app);
    const compilerOptions = { strict: true, skipLibCheck: true, noEmit: true, preserveSymlinks: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', types: ['node'] };
    writeFileSync(path.join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }));
    const check = await runChild(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: consumer, timeoutMs: 120_000, env: environment() });
    expect(check.output).toBe('');
    expect(check.code).toBe(0);
  }, 180_000);

  it('maps stack frames in the bundle back to src/', async () => {
    const script = `const { buildTool } = await import(${JSON.stringify(pathToFileURL(path.join(DIST, 'index.js')).href)}); try { buildTool({}); } catch (error) { console.log(error.stack); }`;
    const run = await runChild(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], { cwd: project, timeoutMs: 60_000, env: environment() });
    expectSuccess(run);
    expect(run.stdout).toContain(`(${path.join(REPO, 'src/tool/build-tool.ts')}:`);
  }, 60_000);

  describe('finds the files beside its modules', () => {
    it('package.json: --version', async () => {
      const run = await codev(['--version']);
      expectSuccess(run);
      expect(run.stdout.trim()).toBe(`codev ${MANIFEST.version}`);
    }, 60_000);

    it('templates/: codev init', async () => {
      const run = await codev(['init', 'made']);
      expectSuccess(run);
      expect(existsSync(path.join(project, 'made/agent.ts'))).toBe(true);
    }, 60_000);

    it('the Grep worker and the module it imports: Grep without ripgrep', async () => {
      writeFileSync(path.join(project, 'haystack.txt'), 'hay\nneedle\n');
      const run = await codev(['tool', 'Grep', '{"pattern":"needle","output_mode":"content"}', '--json'], { CODEV_RIPGREP: 'none' });
      expectSuccess(run);
      expect(JSON.parse(run.stdout).content).toContain('haystack.txt:2:needle');
    }, 60_000);

    it('the import probe worker and the module it imports: a plugin that never finishes importing', async () => {
      writeFileSync(path.join(project, 'plugins/loop.ts'), "import { definePlugin } from 'codev/plugin';\nwhile (true) {}\nexport default definePlugin({ name: 'loop' });\n");
      try {
        // Without a probe that runs, the CLI's own import would never end (and the test would time out).
        const run = await codev(['tools'], { CODEV_LOAD_TIMEOUT_MS: '3000' });
        expect(run.stderr).toContain('LOAD_TIMEOUT');
        expect(run.stdout).toContain('Read');
      } finally {
        rmSync(path.join(project, 'plugins/loop.ts'));
      }
    }, 90_000);

    it('the REPL worker: a REPL cell', async () => {
      const run = await codev(['tool', 'REPL', '{"code":"1 + 1"}', '--json', '--permission-mode', 'bypassPermissions'], { CODEV_REPL: '1' });
      expectSuccess(run);
      expect(JSON.parse(run.stdout).content).toContain('2');
    }, 60_000);

    it('the bash grammar: a Bash call, whose permission check parses the command', async () => {
      const run = await codev(['tool', 'Bash', '{"command":"echo parsed"}', '--json']);
      expectSuccess(run);
      expect(JSON.parse(run.stdout)).toMatchObject({ is_error: false, content: expect.stringContaining('parsed') });
    }, 60_000);
  });

  describe('runs the packages bundled into it', () => {
    it('unpdf, a lazily loaded chunk: Read of a PDF', async () => {
      writeFileSync(path.join(project, 'two.pdf'), pdfBytes(['Hello page one', 'Second page']));
      const run = await codev(['tool', 'Read', JSON.stringify({ file_path: path.join(project, 'two.pdf') }), '--json']);
      expectSuccess(run);
      expect(JSON.parse(run.stdout).content).toContain('Hello page one');
    }, 60_000);

    it('linkedom, @mozilla/readability and turndown: WebFetch of a page on loopback', async () => {
      const server = createServer((_, response) => response.setHeader('content-type', 'text/html').end('<html><head><title>Page</title></head><body><article><h1>Heading</h1><p>A paragraph with <b>bold</b> words, long enough for readability to keep it as the content.</p></article></body></html>'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
        const run = await codev(['tool', 'WebFetch', JSON.stringify({ url, prompt: 'the text' }), '--json', '--allow', 'WebFetch']);
        expectSuccess(run);
        expect(JSON.parse(run.stdout).content).toContain('A paragraph with **bold** words');
      } finally {
        server.close();
      }
    }, 60_000);

    it("the MCP SDK's client: a tool of a stdio server from .mcp.json", async () => {
      writeFileSync(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { everything: everythingServer } }));
      try {
        const run = await codev(['tool', 'mcp__everything__echo', '{"message":"through MCP"}', '--json', '--allow', 'mcp__everything__echo']);
        expectSuccess(run);
        expect(JSON.parse(run.stdout).content).toContain('through MCP');
      } finally {
        rmSync(path.join(project, '.mcp.json'));
      }
    }, 90_000);
  });
});
