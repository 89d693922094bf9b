/**
 * Over stdio, the client reads every byte of codev's stdout as protocol. Not only `console.log` and
 * `process.stdout.write` must stay off it: a plugin or a hook that writes to file descriptor 1 itself
 * (`fs.writeSync(1, ...)`), or starts a process that inherits it (`stdio: 'inherit'`), must not reach the
 * client either. Its bytes go to stderr; the client sees only JSON-RPC messages, and the call's result.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, resultText, serveCodev } from '../cli/mcp-serve-client.ts';

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'plugins/raw.ts': `${PLUGIN_IMPORTS}
import { writeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
writeSync(1, 'raw fd write at load\\n');
export default buildTool({
  name: 'Raw',
  description: 'Writes to file descriptor 1 itself',
  inputSchema: z.object({}),
  isReadOnly: () => true,
  async call() {
    writeSync(1, 'raw fd write in call\\n');
    execFileSync(process.execPath, ['-e', 'console.log("inherited child output")'], { stdio: 'inherit' });
    return { data: 'raw result' };
  },
});
`,
    },
  });
});
afterEach(killServedCodevs);
afterAll(async () => {
  await project.cleanup();
});

describe('codev mcp serve keeps file descriptor 1 off the protocol', () => {
  it('a write to fd 1 and a child inheriting it reach stderr, never the client', { timeout: 60_000 }, async () => {
    const served = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    const result = await served.client.callTool({ name: 'Raw', arguments: {} });
    expect(resultText(result), served.stderr()).toBe('raw result');
    expect(await waitUntil(() => served.stderr().includes('inherited child output'), 10_000), served.stderr()).toBe(true);
    for (const line of ['raw fd write at load', 'raw fd write in call']) expect(served.stderr()).toContain(line);
    expect(served.protocolErrors.map(String)).toEqual([]);
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });

  it("the server process's mark does not reach the commands it runs (a nested codev mcp serve would take itself for one)", { timeout: 60_000 }, async () => {
    const served = await serveCodev({ args: ['--cwd', project.root, '--allow', 'Bash(env)'], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    const result = await served.client.callTool({ name: 'Bash', arguments: { command: 'env' } });
    expect(result.isError ?? false, resultText(result)).toBe(false);
    expect(resultText(result)).not.toContain('CODEV_MCP_SERVE_CHILD');
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });

  it('a mark set by hand (no launcher behind it) is ignored: the server starts as usual, without aborting', { timeout: 60_000 }, async () => {
    const served = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0', CODEV_MCP_SERVE_CHILD: '1' } });
    expect(resultText(await served.client.callTool({ name: 'Raw', arguments: {} }))).toBe('raw result');
    expect(served.protocolErrors.map(String)).toEqual([]);
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });
});
