/**
 * `codev mcp serve` over stdio, as a client starts it: the built CLI (bin/codev.mjs) spawned by the MCP SDK's
 * own StdioClientTransport. The project's tools are listed and called through codev's lifecycle; the deny
 * rules of the command line and of codev.config.ts hold; a plugin that prints to stdout (at load and in a
 * call) does not reach the protocol: what it prints is on stderr.
 */
import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { resultText } from './mcp-serve-client.ts';
import { BIN, EMPTY_HOME, runCodev } from './run-codev.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let project: TempProject;
const clients: Client[] = [];

beforeAll(async () => {
  // Outside node_modules (a write there asks, whatever the rules say), with zod for the plugins as a project has it.
  project = await createTempProject({
    location: 'os-tmpdir',
    files: {
      'package.json': '{ "type": "module" }',
      'codev.config.ts': `import { defineConfig } from '${codevModule('config/define-config.ts')}';\nexport default defineConfig({ permissions: { allow: ['Bash(touch *)'], deny: ['Bash(touch denied-by-config*)'] } });\n`,
      'plugins/greet.ts': toolPlugin('Greet', 'hello '),
      'plugins/noisy.ts': `${PLUGIN_IMPORTS}
console.log('noisy at load');
export default buildTool({
  name: 'Noisy',
  description: 'Prints to stdout while it works',
  inputSchema: z.object({}),
  isReadOnly: () => true,
  async call() {
    console.log('noisy in call');
    console.info('noisy info');
    process.stdout.write('noisy raw write\\n');
    return { data: 'quiet result' };
  },
});
`,
    },
  });
  symlinkSync(path.join(REPO, 'node_modules'), project.path('node_modules'));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await project.cleanup();
});

/** `codev mcp serve <args>` started by the SDK's stdio client, as Claude Code's .mcp.json would start it. */
async function connect(args: readonly string[], answer?: (message: string) => string): Promise<{ client: Client; stderr: () => string; protocolErrors: Error[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', 'serve', '--cwd', project.root, ...args],
    env: { HOME: EMPTY_HOME, NO_COLOR: '1', CODEV_SANDBOX: '0', ...(process.env.CODEV_FROM_SOURCE ? { CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE } : {}) },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr!.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'codev-test-client', version: '1.0.0' }, { capabilities: answer ? { elicitation: {} } : {} });
  // A person at the client, answering the permission question with one of the choices offered.
  if (answer) client.setRequestHandler(ElicitRequestSchema, (request) => ({ action: 'accept', content: { decision: answer(request.params.message) } }));
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  clients.push(client);
  await client.connect(transport);
  return { client, stderr: () => stderr, protocolErrors };
}

describe('codev mcp serve over stdio', () => {
  it("lists the project's tools and calls them; the deny rules of --deny and of codev.config.ts hold", { timeout: 60_000 }, async () => {
    const { client, stderr } = await connect(['--deny', 'Bash(touch denied-by-flag*)']);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['Bash', 'Read', 'Greet', 'Noisy']));

    const greeted = await client.callTool({ name: 'Greet', arguments: { message: 'world' } });
    expect({ isError: greeted.isError ?? false, text: resultText(greeted) }, stderr()).toEqual({ isError: false, text: 'hello world' });

    const allowed = await client.callTool({ name: 'Bash', arguments: { command: 'touch allowed.txt' } });
    expect(allowed.isError ?? false, resultText(allowed)).toBe(false);
    expect(existsSync(project.path('allowed.txt'))).toBe(true);

    for (const file of ['denied-by-config.txt', 'denied-by-flag.txt']) {
      const denied = await client.callTool({ name: 'Bash', arguments: { command: `touch ${file}` } });
      expect({ file, isError: denied.isError }).toEqual({ file, isError: true });
      expect((denied._meta?.['codev/result'] as { decision?: { behavior: string } } | undefined)?.decision?.behavior).toBe('deny');
      expect(existsSync(project.path(file))).toBe(false);
    }
  });

  it('answers an ask the client cannot take by --ask-fallback: deny (the default, naming the rule to add) or allow (an ordinary ask, never an ask rule)', { timeout: 60_000 }, async () => {
    // The project allows Bash(touch *) only: a mkdir asks.
    const denied = await connect([]);
    const refused = await denied.client.callTool({ name: 'Bash', arguments: { command: 'mkdir asked-denied' } });
    expect(refused.isError, resultText(refused)).toBe(true);
    expect(resultText(refused)).toContain("--allow 'Bash(");
    expect(existsSync(project.path('asked-denied'))).toBe(false);

    const allowing = await connect(['--ask-fallback', 'allow']);
    const ran = await allowing.client.callTool({ name: 'Bash', arguments: { command: 'mkdir asked-allowed' } });
    expect(ran.isError ?? false, resultText(ran)).toBe(false);
    expect(existsSync(project.path('asked-allowed'))).toBe(true);

    // An ask rule wants someone to see the call: a blanket allow does not settle it.
    const ruled = await connect(['--ask', 'Bash(touch asked*)', '--ask-fallback', 'allow']);
    const held = await ruled.client.callTool({ name: 'Bash', arguments: { command: 'touch asked-ruled.txt' } });
    expect(held.isError, resultText(held)).toBe(true);
    expect(existsSync(project.path('asked-ruled.txt'))).toBe(false);
  });

  it('asks a client that can be asked (elicitation): its answer decides the call', { timeout: 60_000 }, async () => {
    const questions: string[] = [];
    const { client } = await connect(['--ask', 'Bash(touch asked*)'], (message) => {
      questions.push(message);
      return message.includes('asked-once') ? 'allow_once' : 'deny';
    });
    const ran = await client.callTool({ name: 'Bash', arguments: { command: 'touch asked-once.txt' } });
    expect(ran.isError ?? false, resultText(ran)).toBe(false);
    expect(existsSync(project.path('asked-once.txt'))).toBe(true);
    const refused = await client.callTool({ name: 'Bash', arguments: { command: 'touch asked-refused.txt' } });
    expect(refused.isError, resultText(refused)).toBe(true);
    expect(existsSync(project.path('asked-refused.txt'))).toBe(false);
    expect(questions).toHaveLength(2);
  });

  it('serves only the tools --tools names (an alias names its tool)', { timeout: 60_000 }, async () => {
    const { client } = await connect(['--tools', 'Greet,Read,KillShell']);
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['Greet', 'Read', 'TaskStop']);
  });

  it("keeps stdout for the protocol: what a plugin prints at load and in a call goes to stderr", { timeout: 60_000 }, async () => {
    const { client, stderr, protocolErrors } = await connect([]);
    const result = await client.callTool({ name: 'Noisy', arguments: {} });
    expect(resultText(result)).toBe('quiet result');
    // Its lines reach stderr after the result: the call's writes and the result go out on two pipes.
    await waitUntil(() => stderr().includes('noisy raw write'), 10_000);
    for (const line of ['noisy at load', 'noisy in call', 'noisy info', 'noisy raw write']) expect(stderr()).toContain(line);
    expect(protocolErrors).toEqual([]);
  });
});

describe('codev mcp serve --help', () => {
  it('prints the usage, the options and the client config line on stdout (exit 0); codev --help names the command', { timeout: 60_000 }, async () => {
    const help = await runCodev(['mcp', 'serve', '--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: codev mcp serve/);
    for (const option of ['--transport', '--host', '--port', '--token', '--no-token', '--allow', '--deny', '--ask', '--permission-mode', '--ask-fallback', '--tools', '--cwd', 'CODEV_MCP_TOKEN', '.mcp.json']) expect(help.stdout).toContain(option);
    expect((await runCodev(['mcp', '--help'], {})).stdout).toBe(help.stdout);
    expect((await runCodev(['--help'], {})).stdout).toMatch(/^ {2}mcp serve /m);
    const bare = await runCodev(['mcp'], {});
    expect({ code: bare.code, stdout: bare.stdout }).toEqual({ code: 2, stdout: '' });
    expect(bare.stderr).toMatch(/^Usage: codev mcp serve/);
  });
});
