/**
 * The packed codev on every runtime it supports: the Node running the tests (20 on CI), Node 22, 24 and 26, Deno 2
 * and Bun 1.x. On each, the consumer program of test/package/consumer/app.mjs (it imports `codev`, `codev/plugin`
 * and `codev/testing`, makes a tool call through runToolUse and an agent turn against the fake Messages server) and
 * `codev run` of a defineAgent script, with the runtime running the CLI itself (Read, Bash, Grep and a plugin tool:
 * files, child processes, the shell parser's wasm, ripgrep, jiti and a worker thread), against a fake server here.
 *
 * The packed project is the one the package test uses (one pack and one install per run); the runtimes come from
 * test/runtimes/package.json, installed by install-runtimes.ts. Nothing is fetched but what those installs need;
 * the programs use loopback only. Every child must end on its own and write nothing to stderr: a warning (a
 * deprecation, an unsupported API) fails the test, since users see it.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { packedConsumer } from '../package/packed-consumer.ts';
import { runChild, userEnvironment, type ChildRun } from '../run-child.ts';
import { createFakeMessagesServer, textReply, toolUseReply } from '../../src/testing/index.ts';
import { findRuntimes, skipReason, THIS_NODE, type Runtime } from './find-runtimes.ts';
import { installRuntimes } from './install-runtimes.ts';
import { REWIND_APP_LINES } from '../deno/test-fixtures/rewind-app-lines.ts';

const NAMES = [THIS_NODE, 'Node 22', 'Node 24', 'Node 26', 'Deno', 'Bun'];
const CHILD_TIMEOUT_MS = 90_000;

let project: string;
let agentFolder: string;
let runtimes: Map<string, Runtime>;

beforeAll(async () => {
  const [consumer, installed] = await Promise.all([packedConsumer(), installRuntimes()]);
  project = consumer.project;
  const denoDir = path.join(consumer.temp, 'deno-dir-runtimes');
  runtimes = new Map(findRuntimes({ installed, denoDir }).map((runtime) => [runtime.name, runtime]));
  copyFileSync(path.join(import.meta.dirname, '../deno/test-fixtures/rewind-app.mjs'), path.join(project, 'rewind-app.mjs'));
  agentFolder = path.join(project, 'runtimes-agent');
  mkdirSync(agentFolder);
  writeFileSync(path.join(agentFolder, 'hello.txt'), 'hello from the file\n');
  writeFileSync(path.join(agentFolder, 'codev.config.json'), JSON.stringify({ permissions: { allow: ['Bash(echo:*)', 'Grep', 'Shout'] } }));
  // A plugin: loaded through jiti, its import probed in a worker thread first.
  mkdirSync(path.join(agentFolder, 'plugins'));
  writeFileSync(path.join(agentFolder, 'plugins/shout.ts'), "import { z } from 'zod';\nimport { buildTool } from 'codev/plugin';\n\nexport default buildTool({ name: 'Shout', description: 'Say it loudly', inputSchema: z.object({ message: z.string() }), isReadOnly: () => true, call: ({ message }) => ({ data: message.toUpperCase() }) });\n");
  writeFileSync(path.join(agentFolder, 'agent.ts'), "import { defineAgent } from 'codev';\n\nexport default defineAgent({ system: 'Be brief.', prompt: 'Look at hello.txt' });\n");
}, 600_000);

/** The runtime of this name; skips the test (saying why) only where the platform has no build of it. */
function runtimeFor(name: string, context: TestContext): Runtime & { binary: string } {
  const runtime = runtimes.get(name);
  if (!runtime) throw new Error(`No runtime named ${name}: ${[...runtimes.keys()].join(', ')}`);
  const reason = skipReason(runtime);
  if (reason !== undefined) {
    console.warn(`codev: ${runtime.name} is skipped on this machine: ${reason}`);
    context.skip();
  }
  return runtime as Runtime & { binary: string };
}

function run(runtime: Runtime & { binary: string }, args: readonly string[], options: { cwd: string; env?: Record<string, string> }): Promise<ChildRun> {
  return runChild(runtime.binary, [...runtime.runArgs, ...args], { cwd: options.cwd, timeoutMs: CHILD_TIMEOUT_MS, env: userEnvironment({ ...runtime.env, ...options.env }) });
}

function jsonLines(run: ChildRun): Record<string, any>[] {
  return run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
}

for (const name of NAMES) {
  describe(name, () => {
    it('starts, at the pinned version', async (context) => {
      const runtime = runtimeFor(name, context);
      const version = await runChild(runtime.binary, ['--version'], { cwd: project, timeoutMs: CHILD_TIMEOUT_MS, env: userEnvironment(runtime.env) });
      expect(version.code, version.output).toBe(0);
      if (runtime.version) expect(version.stdout).toContain(runtime.version);
    }, 120_000);

    it('imports the package, runs a tool call through runToolUse and an agent turn against the fake Messages server', async (context) => {
      const runtime = runtimeFor(name, context);
      const app = await run(runtime, ['app.mjs'], { cwd: project });
      expect(app.code, app.output).toBe(0);
      expect(app.stderr).toBe('');
      expect(jsonLines(app)).toEqual([
        { type: 'direct', status: 'ok', output: 'DIRECT' },
        { type: 'tool-result', status: 'ok', content: 'HI' },
        { type: 'text', text: 'It said HI.' },
        { type: 'end', reason: 'end_turn', turns: 2 },
        { type: 'error-class', codevError: 'TOOL_FAILED' },
      ]);
    }, 120_000);

    it('records file checkpoints and rewinds an agent to turn 1 and back (git children, /proc/self/fd pinning or its fallback)', async (context) => {
      const runtime = runtimeFor(name, context);
      const app = await run(runtime, ['rewind-app.mjs'], { cwd: project });
      expect(app.code, app.output).toBe(0);
      expect(app.stderr).toBe('');
      expect(jsonLines(app)).toEqual(REWIND_APP_LINES);
    }, 120_000);

    it('runs the CLI: `codev run agent.ts` calling Read, Bash, Grep and a plugin tool against the fake Messages server', async (context) => {
      const runtime = runtimeFor(name, context);
      const steps = [
        toolUseReply('Read', { file_path: path.join(agentFolder, 'hello.txt') }),
        toolUseReply('Bash', { command: 'echo the shell says hi' }),
        toolUseReply('Grep', { pattern: 'hello', path: '.', glob: '*.txt', output_mode: 'content' }),
        toolUseReply('Shout', { message: 'from a plugin' }),
        textReply('Done.'),
      ];
      const server = await createFakeMessagesServer({ apiKey: 'runtime-key', script: (request) => steps[((request.body.messages?.length ?? 1) - 1) / 2]! });
      try {
        // The bin's shebang names node: each runtime runs the file itself, as `bun x`, `deno run npm:codev` or a wrapper would.
        const cli = path.join(project, 'node_modules/codev/bin/codev.mjs');
        const env = { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'runtime-key' };
        const result = await run(runtime, [cli, 'run', 'agent.ts', '--output-format', 'stream-json'], { cwd: agentFolder, env });
        expect(result.code, result.output).toBe(0);
        expect(result.stderr).toBe('');
        const events = jsonLines(result);
        const results = events.filter((event) => event.type === 'tool-result');
        expect(results.map((event) => `${event.toolName}:${event.status}`), result.output).toEqual(['Read:ok', 'Bash:ok', 'Grep:ok', 'Shout:ok']);
        expect(results.map((event) => event.block.content)).toEqual([expect.stringContaining('hello from the file'), 'the shell says hi', expect.stringContaining('hello.txt:1:hello from the file'), 'FROM A PLUGIN']);
        expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 5 });
        expect(server.requests).toHaveLength(5);
      } finally {
        await server.close();
      }
    }, 120_000);
  });
}
