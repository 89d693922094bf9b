/**
 * The names of codev's tools as Claude Code sends them to the Messages API: `mcp__codev__<Tool>` (the server named
 * `codev`, as the README's `.mcp.json` names it). The API takes at most 64 characters in a tool's name and in a
 * ToolSearch `tool_reference` (a longer one is a 400 on that request and every later one of the conversation), and
 * Claude Code sends what it is given: a plugin tool whose name codev accepts (up to 64) must not reach it past 64.
 * Loopback only; Claude Code runs with a temp HOME, no telemetry, no auto-updater and no other traffic.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it, type TestContext } from 'vitest';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import type { RecordedRequest } from '../../src/testing/index.ts';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN } from '../cli/run-codev.ts';
import { findClaudeCode, type Found } from './find-interop-clients.ts';
import { installInteropClients } from './install-interop-clients.ts';
import { runClaudeCode } from './run-claude-code.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
/** 53 characters: a valid codev tool name, 65 once Claude Code has put `mcp__codev__` before it. */
const LONG = `Summarize${'x'.repeat(44)}`;

let claudeCode: Found;

beforeAll(async () => {
  claudeCode = findClaudeCode(await installInteropClients());
}, 600_000);

function claude(context: TestContext): string {
  if (claudeCode.path) return claudeCode.path;
  console.warn(`codev: the Claude Code interop tests are skipped on this machine: ${claudeCode.missing}`);
  return context.skip();
}

/** Every tool name a request carries: its tools and the `tool_reference` blocks of its messages (ToolSearch's results). */
function toolNamesSent(requests: readonly RecordedRequest[]): string[] {
  return requests.filter((request) => request.path === '/v1/messages').flatMap((request) => {
    const references = JSON.stringify(request.body.messages ?? []).matchAll(/"tool_name":"([^"]*)"/g);
    return [...(request.body.tools ?? []).map((tool) => ('name' in tool ? tool.name : '')), ...[...references].map((match) => match[1]!)];
  });
}

it('never sends the Messages API a codev tool name past 64 characters, after a ToolSearch for it; the other tools work', async (context) => {
  const binary = claude(context);
  expect(LONG).toHaveLength(53);
  const project = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-names-')));
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
  symlinkSync(path.join(REPO, 'node_modules'), path.join(project, 'node_modules'));
  mkdirSync(path.join(project, 'plugins'));
  writeFileSync(path.join(project, 'plugins/long.ts'), toolPlugin(LONG, 'long: '));
  writeFileSync(path.join(project, 'plugins/shout.ts'), toolPlugin('Shout', 'shouted: '));
  const server = { command: process.execPath, args: [BIN, 'mcp', 'serve', '--cwd', project], env: { CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE ?? '' } };
  const calls = [
    { name: 'ToolSearch', input: { query: `select:mcp__codev__${LONG},mcp__codev__Shout`, max_results: 5 } },
    { name: 'mcp__codev__Shout', input: { message: 'still here' } },
  ];
  const { run, requests, toolResults } = await runClaudeCode({ claude: binary, cwd: project, server, calls, args: ['--allowedTools', 'mcp__codev__*'] });
  expect(run.code, run.output).toBe(0);
  expect(toolNamesSent(requests)).toContain('mcp__codev__Shout');
  expect(toolNamesSent(requests).filter((name) => name.length > 64)).toEqual([]);
  expect(toolResults.at(-1)).toEqual(expect.objectContaining({ text: 'shouted: still here' }));
}, 180_000);
