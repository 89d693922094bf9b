/**
 * Rules that do nothing, for MCP tools: a deny or ask rule that names an MCP server or tool in another case
 * (`mcp__GitHub__delete_repo` for the server `github`), or by the server's name as configured where codev's
 * tool names replace its dots (`mcp__my.server` for the tools `mcp__my_server__*`), was accepted and covered
 * nothing, so the tool ran. Judged by effect: did the server's tool run (it answers with its environment)?
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

describe('a deny or ask rule naming an MCP tool in another case covers it', () => {
  it.each(['mcp__Env__environment', 'mcp__ENV', 'mcp__env__Environment', 'mcp__Env__*', 'MCP__env__environment'])('--deny %s', async (rule) => {
    const run = await callServerTool({ serverName: 'env', toolName: 'mcp__env__environment', deny: [rule] }).catch((error: { code?: string }) => error);
    // Refused before anything runs (RULE_INVALID) or denied at the call: either way the tool never ran.
    if ('code' in run && !('output' in run)) return expect(run.code).toBe('RULE_INVALID');
    expect(ran(run as AttackRun)).toBe(false);
  });

  it('--ask mcp__ENV asks (denied in dontAsk) instead of running', async () => {
    const run = await callServerTool({ serverName: 'env', toolName: 'mcp__env__environment', allow: ['mcp__env'], ask: ['mcp__ENV'], mode: 'dontAsk' });
    expect(ran(run)).toBe(false);
  });

  it('an allow rule stays exact: --allow mcp__ENV does not approve the tool in dontAsk mode', async () => {
    const run = await callServerTool({ serverName: 'env', toolName: 'mcp__env__environment', allow: ['mcp__ENV'], mode: 'dontAsk' });
    expect(ran(run)).toBe(false);
  });

  it('benign: the exact rules still work (deny holds, allow approves)', async () => {
    expect(ran(await callServerTool({ serverName: 'env', toolName: 'mcp__env__environment', deny: ['mcp__env'] }))).toBe(false);
    expect(ran(await callServerTool({ serverName: 'env', toolName: 'mcp__env__environment', allow: ['mcp__env__environment'], mode: 'dontAsk' }))).toBe(true);
  });
});

describe('a rule naming a server by its configured name covers its tools', () => {
  it.each(['mcp__env.test', 'mcp__env.test__environment', 'mcp__env.test__*'])('--deny %s for the server "env.test" (tools mcp__env_test__*)', async (rule) => {
    const run = await callServerTool({ serverName: 'env.test', toolName: 'mcp__env_test__environment', deny: [rule] }).catch((error: { code?: string }) => error);
    // A dot is no tool name's: the rule is refused as written (CLI_USAGE naming it) rather than kept to match nothing.
    if ('code' in run && !('output' in run)) return expect(['RULE_INVALID', 'CLI_USAGE']).toContain(run.code);
    expect(ran(run as AttackRun)).toBe(false);
  });
});
