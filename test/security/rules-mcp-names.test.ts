/**
 * Rules that do nothing, for MCP tools: a deny or ask rule that names an MCP server or tool in another case
 * (`mcp__GitHub__delete_repo` for the server `github`) or a near miss of one (`mcp__env_environment`) was
 * accepted and covered nothing, so the tool ran. Now it is RULE_INVALID naming the tool meant once the
 * servers are connected, and should one reach the engine anyway it covers the tool in any case. A server
 * named by its configured dotted name (`mcp__my.server`, tools `mcp__my_server__*`) is refused as written. Judged by effect: did the server's tool run (it answers with its environment)?
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, runAttack, type AttackRun } from './run-attack.ts';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'environment-server.mjs');
const runs: AttackRun[] = [];
afterEach(() => runs.splice(0).forEach(cleanUp));

/** Calls the one tool of an MCP server configured under `serverName`, in bypassPermissions mode with these rules. */
async function callServerTool(options: { serverName: string; toolName: string; deny?: string[]; ask?: string[]; allow?: string[]; mode?: string }): Promise<AttackRun> {
  const files = { '.mcp.json': JSON.stringify({ mcpServers: { [options.serverName]: { command: process.execPath, args: [SERVER] } } }) };
  const run = await runAttack({ tool: options.toolName, input: {}, deny: options.deny, ask: options.ask, allow: options.allow, mode: options.mode ?? 'bypassPermissions', files });
  runs.push(run);
  return run;
}

function ran(run: AttackRun): boolean {
  return !run.output.is_error && run.text.includes('PATH');
}

/** The call's run, or the error that refused its rules before anything ran. */
function callOrRefusal(options: Parameters<typeof callServerTool>[0]): Promise<AttackRun | { code?: string; message?: string }> {
  return callServerTool(options).catch((error: { code?: string; message?: string }) => error);
}

/** Refused as written (`RULE_INVALID` naming the name meant) or denied at the call: either way the tool never ran. */
function expectNotRun(outcome: AttackRun | { code?: string; message?: string }, meant?: string): void {
  if (!('output' in outcome)) {
    expect(outcome.code).toBe('RULE_INVALID');
    if (meant) expect(outcome.message).toContain(meant);
    return;
  }
  expect(ran(outcome)).toBe(false);
}

describe('a deny or ask rule naming an MCP tool in another case covers it', () => {
  it.each(['mcp__Env__environment', 'mcp__ENV', 'mcp__env__Environment', 'mcp__Env__*', 'MCP__env__environment', 'mcp__env_environment'])('--deny %s', async (rule) => {
    expectNotRun(await callOrRefusal({ serverName: 'env', toolName: 'mcp__env__environment', deny: [rule] }));
  });

  it('--deny mcp__ENV is RULE_INVALID naming mcp__env, once the server is connected', async () => {
    expectNotRun(await callOrRefusal({ serverName: 'env', toolName: 'mcp__env__environment', deny: ['mcp__ENV'] }), 'mcp__env');
  });

  it('--ask mcp__ENV asks (denied in dontAsk) instead of running', async () => {
    expectNotRun(await callOrRefusal({ serverName: 'env', toolName: 'mcp__env__environment', allow: ['mcp__env'], ask: ['mcp__ENV'], mode: 'dontAsk' }));
  });

  it('an allow rule stays exact: --allow mcp__ENV does not approve the tool in dontAsk mode', async () => {
    expectNotRun(await callOrRefusal({ serverName: 'env', toolName: 'mcp__env__environment', allow: ['mcp__ENV'], mode: 'dontAsk' }));
  });

  it('benign: the exact rules still work (deny holds, allow approves)', async () => {
    expect(ran(await callServerTool({ serverName: 'env', toolName: 'mcp__env__environment', deny: ['mcp__env'] }))).toBe(false);
    expect(ran(await callServerTool({ serverName: 'env', toolName: 'mcp__env__environment', allow: ['mcp__env__environment'], mode: 'dontAsk' }))).toBe(true);
  });
});

describe('a rule naming a server by its configured name covers its tools', () => {
  it.each(['mcp__env.test', 'mcp__env.test__environment', 'mcp__env.test__*'])('--deny %s for the server "env.test" (tools mcp__env_test__*)', async (rule) => {
    const run = await callOrRefusal({ serverName: 'env.test', toolName: 'mcp__env_test__environment', deny: [rule] });
    // A dot is no tool name's: the rule is refused as written (CLI_USAGE naming it) rather than kept to match nothing.
    if (!('output' in run)) return expect(['RULE_INVALID', 'CLI_USAGE']).toContain(run.code);
    expect(ran(run)).toBe(false);
  });
});
