/**
 * `codev run` with scripts and plugins that fail, through the real CLI (bin/codev.mjs) in a process of its own
 * and the fake Messages API on loopback:
 * - an agent script that throws at top level runs once, whatever its extension (its side effect, a line
 *   appended to a file, happens once), and fails with a code of its own, at its line;
 * - a project whose plugin failed to load runs nothing: no request reaches the model, the exit code is not 0,
 *   the error names the file and line; `--allow-broken-plugins` runs it anyway, and so does `--watch`.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel } from '../../src/index.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { runCodev } from '../cli/run-codev.ts';

/** Appends one line to $MARK (the script's side effect), then throws on line 3. */
const THROWING_ESM = "import { appendFileSync } from 'node:fs';\nappendFileSync(process.env.MARK, 'ran\\n');\nthrow new Error('broken at top level');\n";
const THROWING_COMMONJS = "const { appendFileSync } = require('node:fs');\nappendFileSync(process.env.MARK, 'ran\\n');\nthrow new Error('broken at top level');\n";

let scripts: TempProject;
let plugins: TempProject;
let broken: TempProject;
let server: FakeMessagesServer;

beforeAll(async () => {
  scripts = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'throws.mjs': THROWING_ESM,
      'throws.js': THROWING_ESM,
      'throws.ts': THROWING_ESM,
      'throws.cjs': THROWING_COMMONJS,
      'commonjs/package.json': '{ "type": "commonjs" }',
      'commonjs/throws.js': THROWING_COMMONJS,
      'dependency.mjs': THROWING_ESM,
      'imports-throwing.mjs': "import './dependency.mjs';\nexport default { prompt: 'never' };\n",
      // Node cannot import a .ts file (on Node 20): it refuses the graph before running any of it, and jiti runs it once.
      'imports-typescript.mjs': "import { appendFileSync } from 'node:fs';\nimport { defineAgent } from 'codev';\nimport { value } from './helper.ts';\nappendFileSync(process.env.MARK, 'ran\\n');\nexport default defineAgent({ system: 'Be brief.', prompt: `value ${value}` });\n",
      'helper.ts': 'export const value: number = 42;\n',
    },
  });
  // Each appends a line to <its file>.ran, then throws on line 3.
  plugins = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'plugins/throws.mjs': "import { appendFileSync } from 'node:fs';\nappendFileSync(new URL(`${import.meta.url}.ran`), 'ran\\n');\nthrow new Error('broken at top level');\n",
      'plugins/commonjs/package.json': '{ "type": "commonjs" }',
      'plugins/commonjs/index.js': "const { appendFileSync } = require('node:fs');\nappendFileSync(`${__filename}.ran`, 'ran\\n');\nthrow new Error('broken at top level');\n",
    },
  });
  broken = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'plugins/good.ts': toolPlugin('Good'),
      'plugins/broken.ts': "throw new Error('broken plugin');\nexport default {};\n",
      'agent.ts': "export default { system: 'Be brief.', prompt: 'hello' };\n",
    },
  });
  server = await createFakeMessagesServer({ script: () => textReply('done') });
});
afterAll(async () => {
  await server.close();
  await Promise.all([scripts.cleanup(), plugins.cleanup(), broken.cleanup()]);
});

describe('an agent script that throws at top level', () => {
  it.each(['throws.mjs', 'throws.js', 'throws.ts', 'throws.cjs', 'commonjs/throws.js'])('%s runs once and fails with SCRIPT_FAILED at its line', async (name) => {
    const mark = scripts.path(`${name.replace('/', '-')}.ran`);
    const run = await runCodev(['run', scripts.path(name), 'hello'], { MARK: mark, NO_COLOR: '1' });
    expect(run.code, run.stderr).toBe(1);
    expect(readFileSync(mark, 'utf8')).toBe('ran\n');
    expect(run.stderr).toContain('SCRIPT_FAILED');
    expect(run.stderr).toContain(`at ${scripts.path(name)}:3:`);
  });
});

describe('an agent script that imports', () => {
  it('an ES module that throws at top level: the module ran once, the script not at all', async () => {
    const mark = scripts.path('dependency.ran');
    const run = await runCodev(['run', scripts.path('imports-throwing.mjs'), 'hello'], { MARK: mark, NO_COLOR: '1' });
    expect(run.code, run.stderr).toBe(1);
    expect(readFileSync(mark, 'utf8')).toBe('ran\n');
    expect(run.stderr).toContain('SCRIPT_FAILED');
    expect(run.stderr).toContain(`at ${scripts.path('dependency.mjs')}:3:`);
  });

  it('what Node refuses before running it (a .ts helper, codev): transpiled instead, and run once', async () => {
    const mark = scripts.path('imports-typescript.ran');
    const before = server.requests.length;
    const run = await runCodev(['run', scripts.path('imports-typescript.mjs'), '--output-format', 'stream-json'], { MARK: mark, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', NO_COLOR: '1' });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(mark, 'utf8')).toBe('ran\n');
    expect(server.requests.length).toBe(before + 1);
    expect(JSON.stringify(server.requests.at(-1)!.body.messages)).toContain('value 42');
  });
});

describe('a plugin that throws at top level', () => {
  it('ES module and CommonJS: twice, as documented (once to see that the import ends, once to load it), and fail at their line', async () => {
    const kernel = await createKernel({ cwd: plugins.root, env: {}, mcp: false });
    await kernel.close();
    for (const name of ['plugins/throws.mjs', 'plugins/commonjs/index.js']) {
      expect(kernel.errors.find((error) => error.file === plugins.path(name))).toMatchObject({ code: 'PLUGIN_LOAD_FAILED', line: 3 });
      expect(readFileSync(`${plugins.path(name)}.ran`, 'utf8')).toBe('ran\nran\n');
    }
  });
});

describe('a project whose plugin failed to load', () => {
  const environment = () => ({ ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0', NO_COLOR: '1' });

  it('codev run stops before the first request, exit 1, the error at its file and line', async () => {
    const before = server.requests.length;
    const run = await runCodev(['run', broken.path('agent.ts'), '--output-format', 'stream-json'], environment());
    expect(run.code, run.stderr).toBe(1);
    expect(server.requests.length).toBe(before);
    expect(run.stderr).toContain('PLUGIN_LOAD_FAILED');
    expect(run.stderr).toContain(`at ${broken.path('plugins/broken.ts')}:1:`);
    expect(run.stderr).toContain('--allow-broken-plugins');
  });

  it.each([['--allow-broken-plugins'], ['--watch']])('with %s it runs, the error still printed', async (option) => {
    const before = server.requests.length;
    const run = await runCodev(['run', broken.path('agent.ts'), '--output-format', 'stream-json', option], environment());
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests.length).toBe(before + 1);
    expect(run.stderr).toContain('PLUGIN_LOAD_FAILED');
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toMatchObject({ type: 'end', reason: 'end_turn' });
  });
});
