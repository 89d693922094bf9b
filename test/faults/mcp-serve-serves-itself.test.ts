/**
 * `codev mcp serve` for a project whose `.mcp.json` names `codev mcp serve` (what the README gives Claude Code,
 * in the very file codev reads for the MCP servers it consumes): the served codev's kernel starts the same
 * server, whose kernel starts it again, without end (a process every half second until the machine is full).
 * The second start on the same folder must refuse to serve (its parent's kernel then reports that server
 * failed, and serves the rest). The server the .mcp.json names is a fixture that records each start and stops
 * the chain at three, so that the fault cannot outlive the test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { killAll } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, serveCodev } from '../cli/mcp-serve-client.ts';
import { BIN } from '../cli/run-codev.ts';

const LEVEL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'serve-level.mjs');

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({
    files: { 'package.json': '{ "type": "module" }', '.mcp.json': JSON.stringify({ mcpServers: { self: { command: process.execPath, args: [LEVEL, BIN] } } }), '.levels': '' },
  });
});
afterEach(() => {
  killServedCodevs();
  killAll(levels().flatMap((line) => line.split(' ').map(Number)));
});
afterAll(async () => {
  await project.cleanup();
});

function levels(): string[] {
  return readFileSync(project.path('.levels'), 'utf8').split('\n').filter(Boolean);
}

it('a codev mcp serve started again on the folder it serves (its own .mcp.json) refuses, and the first serves without it', async () => {
  const served = await serveCodev({ args: ['--cwd', project.root], cwd: project.root });
  try {
    const { tools } = await served.client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('Read');
    expect(tools.some((tool) => tool.name.startsWith('mcp__self__')), 'no tool of a codev serving itself').toBe(false);
    expect(levels(), served.stderr()).toHaveLength(1);
  } finally {
    await served.close();
  }
}, 60_000);
