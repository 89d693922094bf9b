import path from 'node:path';
import { it } from 'vitest';
import { runAttack, cleanUp } from '../run-attack.ts';
const FIX = path.resolve('test/security/test-fixtures/environment-server.mjs');
const files = { '.mcp.json': JSON.stringify({ mcpServers: { env: { command: process.execPath, args: [FIX] } } }) };
const denies = ['mcp__Env__environment', 'mcp__ENV', 'mcp__env__Environment', 'mcp__Env__*', 'mcp__env', 'mcp__env__*', 'mcp__env__environment', 'mcp_env__environment', 'mcp__env_environment', 'mcp__env__environment(x)', 'mcp__env__environment()'];
it.each(denies)('%j', async (deny) => {
  let run;
  try { run = await runAttack({ tool: 'mcp__env__environment', input: {}, deny: [deny], mode: 'bypassPermissions', files }); }
  catch (e) { console.log(JSON.stringify(deny), '=> THROW', (e as any).code, String((e as Error).message).slice(0, 150)); return; }
  console.log(JSON.stringify(deny), '=>', run.exitCode, run.output?.decision?.behavior, run.output.is_error ? 'blocked' : 'RAN', run.text.slice(0, 140).replace(/\n/g, ' '));
  cleanUp(run);
});
