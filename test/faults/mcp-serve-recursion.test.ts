/**
 * A project whose MCP servers (.mcp.json) include `codev mcp serve` of the project itself: serving it would
 * start a server that loads the project, which starts a server that loads the project... without end (a fork
 * bomb, each level a Node process). `codev mcp serve` refuses to serve a project it is already serving above
 * itself (MCP_SERVE_FAILED, exit 1): the outer server runs, without that MCP server, and no chain grows.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { killAll, processesWithArguments, waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, resultText, serveCodev } from '../cli/mcp-serve-client.ts';
import { BIN, runProcess } from '../cli/run-codev.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';

/** A bound against a hang only. */
const WITHIN_MS = 15_000;

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'plugins/greet.ts': toolPlugin('Greet', 'hello ') } });
  await project.write('.mcp.json', JSON.stringify({ mcpServers: { self: { command: process.execPath, args: [BIN, 'mcp', 'serve', '--cwd', project.root] } } }));
});
afterEach(async () => {
  killServedCodevs();
  // On a codev that recurses, the chain goes on growing after its top is gone: rounds until none is left.
  for (let round = 0; round < 50 && servers().length > 0; round++) {
    killAll(servers());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await project.cleanup();
});

/** The `codev mcp serve --cwd <project>` processes running now (the test's own and any the project started). */
function servers(): number[] {
  return processesWithArguments([process.execPath, BIN, 'mcp', 'serve', '--cwd', project.root]);
}

describe('codev mcp serve of a project whose .mcp.json serves the project itself', () => {
  it('serves the project without starting itself again and again', { timeout: 60_000 }, async () => {
    const served = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    expect(resultText(await served.client.callTool({ name: 'Greet', arguments: { message: 'once' } }))).toBe('hello once');
    // The launcher and its server; a nested one refused exits at once.
    expect(await waitUntil(() => servers().length <= 2, WITHIN_MS), `${servers().length} servers\n${served.stderr()}`).toBe(true);
    expect((await served.client.listTools()).tools.map((tool) => tool.name)).not.toContain('mcp__self__Greet');
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });

  it('started by hand inside a server of the same project (a nested chain), it refuses: MCP_SERVE_FAILED, exit 1', { timeout: 60_000 }, async () => {
    const nested = await runProcess({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--cwd', project.path('plugins')], env: { CODEV_MCP_SERVE_CHAIN: JSON.stringify([project.root]) }, timeoutMs: WITHIN_MS });
    expect({ code: nested.code, stdout: nested.stdout }).toEqual({ code: 1, stdout: '' });
    expect(nested.stderr).toContain('MCP_SERVE_FAILED');
  });
});
