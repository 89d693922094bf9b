/**
 * The MCP Inspector's CLI (`mcp-inspector --cli`, pinned in test/interop/package.json; it needs Node >= 22.19, so
 * it runs on test/runtimes' Node 24 when the tests run on an older Node) against `codev mcp serve` over stdio:
 * codev's tool schemas pass its portability check, a call reaches codev's tool, and an ask is denied with the
 * `--allow` rule that would let it through (the Inspector's CLI declares no elicitation capability); and over
 * Streamable HTTP with the bearer token.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN } from '../cli/run-codev.ts';
import { runChild, userEnvironment, type ChildRun } from '../run-child.ts';
import { findInspectorNode, inspectorLauncher, type Found } from './find-interop-clients.ts';
import { installInteropClients } from './install-interop-clients.ts';
import { startCodevHttp } from './start-codev-http.ts';

const MARKER = 'inspector marker 40d9';

let launcher: string;
let node: Found;

beforeAll(async () => {
  launcher = inspectorLauncher(await installInteropClients());
  node = await findInspectorNode();
}, 600_000);

/** The Node that runs the Inspector; skips the test (saying why) where there is none. */
function inspectorNode(context: TestContext): string {
  if (node.path) return node.path;
  console.warn(`codev: the MCP Inspector interop tests are skipped on this machine: ${node.missing}`);
  return context.skip();
}

/**
 * `mcp-inspector --cli <args> -- codev mcp serve --cwd <project>` in a temp HOME (the Inspector's catalog would go
 * there); `--` keeps the server's `--cwd` from the Inspector's own option of that name.
 */
async function inspect(context: TestContext, project: string, args: readonly string[]): Promise<ChildRun> {
  const binary = inspectorNode(context);
  const home = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-home-')));
  const serverEnv = ['-e', `HOME=${home}`, '-e', `CODEV_FROM_SOURCE=${process.env.CODEV_FROM_SOURCE ?? ''}`];
  const server = [process.execPath, BIN, 'mcp', 'serve', '--cwd', project];
  return runChild(binary, [launcher, '--cli', ...args, ...serverEnv, '--', ...server], { cwd: project, timeoutMs: 90_000, env: userEnvironment({ HOME: home }) });
}

function makeProject(): string {
  const project = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-project-')));
  writeFileSync(path.join(project, 'notes.txt'), `${MARKER}\n`);
  return project;
}

function resultText(run: ChildRun): string {
  const result = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'), run.stdout.lastIndexOf('}') + 1)) as { content: { type: string; text?: string }[] };
  return result.content.map((part) => part.text ?? '').join('');
}

describe('the MCP Inspector CLI with codev mcp serve', () => {
  it("lists codev's tools, their schemas passing the Inspector's --strict portability check, with annotations", async (context) => {
    const listed = await inspect(context, makeProject(), ['--method', 'tools/list', '--strict']);
    expect(listed.code, listed.output).toBe(0);
    const { tools } = JSON.parse(listed.stdout) as { tools: { name: string; annotations?: Record<string, unknown> }[] };
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('Read')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('Bash')?.annotations).toMatchObject({ readOnlyHint: false });
    expect(byName.has('Agent')).toBe(false);
  }, 120_000);

  it("calls codev's Read", async (context) => {
    const project = makeProject();
    const called = await inspect(context, project, ['--method', 'tools/call', '--tool-name', 'Read', '--tool-arg', `file_path=${path.join(project, 'notes.txt')}`]);
    expect(called.code, called.output).toBe(0);
    expect(resultText(called)).toContain(MARKER);
  }, 120_000);

  it('denies an ask, the client having no elicitation, with the --allow rule that would allow it; nothing runs', async (context) => {
    const project = makeProject();
    const called = await inspect(context, project, ['--method', 'tools/call', '--tool-name', 'Bash', '--tool-arg', 'command=touch asked.txt']);
    // The Inspector's CLI exits non-zero on a result with isError.
    expect(called.code, called.output).not.toBe(0);
    expect(resultText(called)).toMatch(/--allow\b.*Bash\(touch/);
    expect(existsSync(path.join(project, 'asked.txt'))).toBe(false);
  }, 120_000);

  it('calls Read over Streamable HTTP with the bearer token', async (context) => {
    const binary = inspectorNode(context);
    const project = makeProject();
    const token = 'interop-token-7d1f0c2b9e8a';
    const server = await startCodevHttp({ project, token });
    try {
      const home = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-home-')));
      const args = [launcher, '--cli', '--transport', 'http', '--server-url', server.url, '--header', `Authorization: Bearer ${token}`, '--method', 'tools/call', '--tool-name', 'Read', '--tool-arg', `file_path=${path.join(project, 'notes.txt')}`];
      const called = await runChild(binary, args, { cwd: project, timeoutMs: 90_000, env: userEnvironment({ HOME: home }) });
      expect(called.code, called.output).toBe(0);
      expect(resultText(called)).toContain(MARKER);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
