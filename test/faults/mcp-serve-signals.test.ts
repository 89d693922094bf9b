/**
 * `codev mcp serve` (the built CLI, over stdio, an MCP SDK client on its pipes) ended while a Bash call runs
 * `sleep <n>` (an `n` of its own, found and killed after a failure by that command line): by SIGTERM or SIGINT
 * (exit 143 or 130), by the client closing stdin (it is gone: exit 0), by kill -9. In each case the sleep
 * is gone; after the first two the session's folder is removed, and after a kill -9 the next start removes it.
 * A call whose tool ignores the abort cannot hold the server once its client is gone, nor past a second signal;
 * a second signal (a client escalating) quits the launcher, while the server still ends its session.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, resultText, serveCodev, sessionFoldersOf, type ServedCodev } from '../cli/mcp-serve-client.ts';

/** Bounds against a hang only: each step is expected to end long before. */
const WITHIN_MS = 20_000;

let project: TempProject;
const sleeps: string[] = [];

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'plugins/greet.ts': toolPlugin('Greet', 'hello '),
      // A tool whose call never ends and ignores its abort signal.
      // A tool whose call ends a second after its abort, as one whose process takes its time to stop.
      'plugins/slow-stop.ts': `${PLUGIN_IMPORTS}\nexport default buildTool({ name: 'SlowStop', description: 'Ends a second after its abort', inputSchema: z.object({}), isReadOnly: () => true, call: (_input, context) => new Promise((resolve) => context.signal.addEventListener('abort', () => setTimeout(() => resolve({ data: 'stopped' }), 1000))) });\n`,
      'plugins/stuck.ts': `${PLUGIN_IMPORTS}\nexport default buildTool({ name: 'Stuck', description: 'Never ends', inputSchema: z.object({}), isReadOnly: () => true, call: () => new Promise(() => {}) });\n`,
    },
  });
});
afterEach(() => {
  killServedCodevs();
  killAll(sleeps.flatMap((seconds) => processesWithArguments(['sleep', seconds])));
});
afterAll(async () => {
  await project.cleanup();
});

/** Serves the project, starts a Bash call of `sleep <n>` and resolves once the sleep runs. */
async function sleepingCall(): Promise<{ served: ServedCodev; seconds: string; call: Promise<unknown> }> {
  const seconds = uniqueSeconds();
  sleeps.push(seconds);
  const served = await serveCodev({ args: ['--cwd', project.root, '--allow', 'Bash(sleep *)'], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
  const call = served.client.callTool({ name: 'Bash', arguments: { command: `sleep ${seconds}` } }).catch((error: unknown) => error);
  expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length > 0, WITHIN_MS), served.stderr()).toBe(true);
  expect(sessionFoldersOf(project.root).length, 'the session has its folder while it runs').toBeGreaterThan(0);
  return { served, seconds, call };
}

async function exitOf(served: ServedCodev, withinMs = WITHIN_MS): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const timer = setTimeout(() => served.child.kill('SIGKILL'), withinMs);
  try {
    return await served.exited;
  } finally {
    clearTimeout(timer);
  }
}

describe('codev mcp serve ended while a call runs', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s: the call and its process stopped, no session folder left, exit %i', { timeout: 60_000 }, async (signal, exitCode) => {
    const { served, seconds } = await sleepingCall();
    served.child.kill(signal);
    expect(await exitOf(served), served.stderr()).toEqual({ code: exitCode, signal: null });
    expect(processesWithArguments(['sleep', seconds])).toEqual([]);
    expect(sessionFoldersOf(project.root)).toEqual([]);
  });

  it('stdin closed (the client is gone): the same, exit 0', { timeout: 60_000 }, async () => {
    const { served, seconds } = await sleepingCall();
    served.child.stdin.end();
    expect(await exitOf(served), served.stderr()).toEqual({ code: 0, signal: null });
    expect(processesWithArguments(['sleep', seconds])).toEqual([]);
    expect(sessionFoldersOf(project.root)).toEqual([]);
  });

  it('kill -9: its process does not outlive it, and the next start is clean', { timeout: 90_000 }, async () => {
    const { served, seconds } = await sleepingCall();
    const left = sessionFoldersOf(project.root);
    served.child.kill('SIGKILL');
    expect(await exitOf(served)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length === 0, WITHIN_MS)).toBe(true);

    const next = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    expect(resultText(await next.client.callTool({ name: 'Greet', arguments: { message: 'again' } }))).toBe('hello again');
    expect(sessionFoldersOf(project.root).filter((name) => left.includes(name))).toEqual([]);
    expect(await next.close()).toEqual({ code: 0, signal: null });
    expect(sessionFoldersOf(project.root)).toEqual([]);
  });
});

describe('codev mcp serve with a call whose tool ignores the abort', () => {
  async function stuckCall(): Promise<ServedCodev> {
    const served = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    void served.client.callTool({ name: 'Stuck', arguments: {} }).catch(() => undefined);
    // The call has started once the server answers a request sent after it (calls run as they come).
    await served.client.listTools();
    return served;
  }

  it('the client gone: the server still quits (exit 0), saying which call held it', { timeout: 60_000 }, async () => {
    const served = await stuckCall();
    served.child.stdin.end();
    expect(await exitOf(served, 40_000), served.stderr()).toEqual({ code: 0, signal: null });
    expect(served.stderr()).toContain('did not end');
  });

  it('a second signal quits at once (143), without waiting for the call', { timeout: 60_000 }, async () => {
    const served = await stuckCall();
    served.child.kill('SIGTERM');
    expect(await waitUntil(() => served.stderr().includes('a second signal quits now'), WITHIN_MS), served.stderr()).toBe(true);
    served.child.kill('SIGTERM');
    expect(await exitOf(served), served.stderr()).toEqual({ code: 143, signal: null });
    expect(served.stderr()).not.toContain('did not end');
  });
  it('a client that escalates as Claude Code does (SIGINT, SIGTERM 100 ms later): it quits at once, and its server still ends the session, its folder removed', { timeout: 60_000 }, async () => {
    const before = sessionFoldersOf(project.root);
    const served = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    void served.client.callTool({ name: 'SlowStop', arguments: {} }).catch(() => undefined);
    await served.client.listTools();
    const mine = sessionFoldersOf(project.root).filter((name) => !before.includes(name));
    expect(mine).toHaveLength(1);
    served.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 100));
    served.child.kill('SIGTERM');
    expect(await exitOf(served), served.stderr()).toEqual({ code: 143, signal: null });
    // The server, a process of its own, ends the session once the call has ended.
    expect(await waitUntil(() => !sessionFoldersOf(project.root).includes(mine[0]!), 30_000), served.stderr()).toBe(true);
  });
});
