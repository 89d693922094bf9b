/**
 * The MCP server SDK (its Server class and its stdio and Streamable HTTP server transports) is loaded only by a
 * server that starts: `codev --help`, `codev mcp serve --help`, a usage error of it and `codev tools` never read
 * the chunks of the built CLI (bin/codev.mjs, dist/) that define them. A loader hook records every module the
 * process loads; the chunks are told apart by what they define.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN, runProcess } from './run-codev.ts';

/** What only the server side of the SDK defines, as esbuild writes it into a chunk. */
const SERVER_DEFINITIONS = [/\bServer = class extends Protocol\b/, /\bStdioServerTransport = class\b/, /\bStreamableHTTPServerTransport = class\b/];

const TEMP = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-lazy-')));
let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }' } });
  writeFileSync(path.join(TEMP, 'hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.LOADED_LIST, url + '\\n'); return next(url, context); }\n");
  writeFileSync(path.join(TEMP, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
});
afterAll(async () => {
  await project.cleanup();
});

/** The built files of codev that `codev <args>` loaded which define a part of the MCP server SDK. */
async function serverModulesLoaded(args: readonly string[], expectedCode: number): Promise<string[]> {
  const list = path.join(TEMP, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(list, '');
  const run = await runProcess({ command: process.execPath, args: ['--import', pathToFileURL(path.join(TEMP, 'register.mjs')).href, BIN, ...args], cwd: project.root, env: { LOADED_LIST: list, CODEV_FROM_SOURCE: undefined } });
  expect({ args, code: run.code }, run.stderr).toEqual({ args, code: expectedCode });
  const files = [...new Set(readFileSync(list, 'utf8').split('\n').filter((url) => url.startsWith('file://')).map((url) => decodeURIComponent(new URL(url).pathname)))];
  expect(files.some((file) => file.includes(`${path.sep}dist${path.sep}`)), 'the built CLI ran (npm run build first)').toBe(true);
  return files.filter((file) => file.endsWith('.js') && SERVER_DEFINITIONS.some((definition) => definition.test(readFileSync(file, 'utf8'))));
}

describe('the MCP server SDK is loaded only when a server starts', () => {
  it.each([
    { args: ['--help'], code: 0 },
    { args: ['mcp', 'serve', '--help'], code: 0 },
    { args: ['mcp', 'serve', '--transport', 'ws'], code: 2 },
    { args: ['tools'], code: 0 },
  ])('codev $args.0 $args.1 $args.2 $args.3 loads none of it', { timeout: 60_000 }, async ({ args, code }) => {
    expect(await serverModulesLoaded(args, code)).toEqual([]);
  });

  it('the check finds it where it is loaded: a server started and stopped by its client', { timeout: 60_000 }, async () => {
    // stdin is /dev/null for runProcess: the client is gone at once, the server ends with 0.
    expect((await serverModulesLoaded(['mcp', 'serve'], 0)).length).toBeGreaterThan(0);
  });
});
