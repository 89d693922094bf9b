import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { EMPTY_HOME } from '../cli/run-codev.ts';
import { countByPackage, recordLoads } from './test-fixtures/list-loaded-modules.mjs';

// What a start loads, recorded by a loader hook in the process itself (test-fixtures/record-loads.mjs): the
// built package (dist/, per-module tree or bundle: codev's own files are counted by path, never by name), as
// `npm test` builds it first. Subsystems load on first use: a start that does not use one never loads it.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/codev.mjs');
const TINY_AGENT = path.join(ROOT, 'bench/agent/tiny-agent.ts');

/** Packages only some work needs: the MCP client, telemetry, the shell parser, images, PDFs and web pages. */
const ON_FIRST_USE = ['@modelcontextprotocol/sdk', '@opentelemetry/api', 'web-tree-sitter', 'tree-sitter-bash', 'sharp', 'unpdf', 'linkedom', 'turndown', '@mozilla/readability', 'bullmq', 'ioredis'];

/** Packages for work an import alone does not do: reading a config file, TypeScript, watching files, REPL code, globs. */
const FOR_THE_WORK = ['cosmiconfig', 'jiti', 'chokidar', 'acorn', 'picomatch'];

let project: string;
let server: FakeMessagesServer;

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  project = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-loads-project-')));
  server = await createFakeMessagesServer({
    script: (request) => {
      const last = request.body.messages?.at(-1);
      const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
      return answered ? textReply('done') : toolUseReply('Echo', { message: 'hi' });
    },
  });
});
afterAll(() => server?.close());

async function loads(args: string[], env: Record<string, string> = {}) {
  const run = await recordLoads({ root: ROOT, args, cwd: project, env: { HOME: EMPTY_HOME, NO_COLOR: '1', ...env } });
  expect(run.code, run.stderr).toBe(0);
  return countByPackage(run.urls, ROOT);
}

function loadedOfThese(counts: Record<string, number>, packages: readonly string[]): string[] {
  return packages.filter((name) => counts[name] !== undefined);
}

describe('modules loaded at start', () => {
  it('`codev --help` loads the argument parsing and the help text, no package', async () => {
    const counts = await loads([BIN, '--help']);
    expect(loadedOfThese(counts, ['@anthropic-ai/sdk', 'zod', 'jiti', 'cosmiconfig', ...ON_FIRST_USE])).toEqual([]);
    expect(counts.codev).toBeLessThanOrEqual(20);
  });

  it('`codev tools` in a project without MCP servers loads no MCP client, telemetry or shell parser', async () => {
    const counts = await loads([BIN, 'tools']);
    expect(counts.codev).toBeGreaterThan(0);
    // The project has no config file and no plugins: nothing to read or transpile either.
    expect(loadedOfThese(counts, [...ON_FIRST_USE, ...FOR_THE_WORK])).toEqual([]);
  });

  it("`import('codev')` loads none of the subsystems a first use loads", async () => {
    const counts = await loads(['--input-type=module', '-e', `await import(${JSON.stringify(path.join(ROOT, 'dist/index.js'))})`]);
    expect(counts.codev).toBeGreaterThan(0);
    expect(loadedOfThese(counts, [...ON_FIRST_USE, ...FOR_THE_WORK])).toEqual([]);
  });

  it("`import('codev')` of the built package converts no built-in tool's schema to JSON Schema (made on first read)", async () => {
    const entry = JSON.stringify(pathToFileURL(path.join(ROOT, 'dist/index.js')).href);
    const check = `const { getAllBaseTools } = await import(${entry}); const eager = getAllBaseTools().filter((tool) => typeof Object.getOwnPropertyDescriptor(tool, 'jsonSchema')?.get !== 'function'); process.stdout.write(JSON.stringify(eager.map((tool) => tool.name)));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', check], { cwd: project, encoding: 'utf8', env: { ...process.env, HOME: EMPTY_HOME, NODE_OPTIONS: '' } });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });

  it('the recorder sees a subsystem loaded: a Bash call loads the shell parser', async () => {
    const counts = await loads([BIN, 'tool', 'Bash', '{"command":"true"}', '--json']);
    expect(loadedOfThese(counts, ON_FIRST_USE)).toEqual(['web-tree-sitter']);
  });

  it('a one-turn `codev run` with an Echo call loads the model client and nothing it does not use', async () => {
    const before = server.requests.length;
    const counts = await loads([BIN, 'run', TINY_AGENT, '--cwd', project], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-test' });
    // Two model requests (the Echo call, then the final text) went through the client, bundled in dist/ or not.
    expect(server.requests.length - before).toBe(2);
    // The model client imports @opentelemetry/api itself (its request tracing): that one is the client's.
    expect(loadedOfThese(counts, ON_FIRST_USE.filter((name) => name !== '@opentelemetry/api'))).toEqual([]);
  });
});
