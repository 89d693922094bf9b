import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaOf, PLUGINS, serveTestProject, textOf, type ServedProject } from './test-fixtures/serve-test-project.ts';

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

async function serve(options: Parameters<typeof serveTestProject>[0] = {}): Promise<ServedProject> {
  const project = await serveTestProject({ ...options, kernel: { permissionMode: 'bypassPermissions', ...options.kernel } });
  served.push(project);
  return project;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The PIDs (as this process sees them, outside any sandbox) whose command line is exactly `argv`. */
async function pidsOf(argv: readonly string[]): Promise<number[]> {
  const wanted = `${argv.join('\0')}\0`;
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline === wanted) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Starts a Bash call that sleeps with a unique duration, and finds its process by that command line (the
 * sandbox gives the shell a PID of its own namespace, so `$$` would not name it here).
 */
async function startSleeper(call: (command: string) => Promise<unknown>): Promise<{ pid: number; settled: Promise<unknown> }> {
  const argv = ['sleep', `60.${Math.floor(Math.random() * 1e9)}`];
  const settled = call(`exec ${argv.join(' ')}`).then(
    (value) => ({ value }),
    (error) => ({ error }),
  );
  let pids: number[] = [];
  await vi.waitFor(async () => expect((pids = await pidsOf(argv))).toHaveLength(1), { timeout: 20_000, interval: 50 });
  return { pid: pids[0]!, settled };
}

describe('a tools/call', { timeout: 60_000 }, () => {
  it('sends the progress of a slow tool as notifications/progress, always growing', async () => {
    const project = await serve();
    const { client } = await project.connect();
    const progress: Array<{ progress: number; message?: string }> = [];
    const result = await client.callTool({ name: 'Slow', arguments: { steps: 4 } }, undefined, { onprogress: (update) => progress.push(update) });
    expect(textOf(result)).toBe('counted 4');
    expect(progress.map((update) => update.message)).toEqual(expect.arrayContaining(['slow_progress: step 1', 'slow_progress: step 4']));
    for (let index = 1; index < progress.length; index++) expect(progress[index]!.progress).toBeGreaterThan(progress[index - 1]!.progress);
  });

  it('sends no progress for a call that asked for none (no progressToken)', async () => {
    const project = await serve();
    const { client } = await project.connect();
    // The SDK client reports a progress notification it has no token for as an error.
    const errors: Error[] = [];
    client.onerror = (error) => void errors.push(error);
    expect(textOf(await client.callTool({ name: 'Slow', arguments: { steps: 3 } }))).toBe('counted 3');
    expect(errors).toEqual([]);
  });

  it('is cancelled by the client: the Bash process is stopped', async () => {
    const project = await serve();
    const { client } = await project.connect();
    const controller = new AbortController();
    const sleeper = await startSleeper((command) => client.callTool({ name: 'Bash', arguments: { command } }, undefined, { signal: controller.signal, timeout: 120_000 }));
    expect(isAlive(sleeper.pid)).toBe(true);
    controller.abort();
    expect(await sleeper.settled).toHaveProperty('error');
    await vi.waitFor(() => expect(isAlive(sleeper.pid)).toBe(false), { timeout: 20_000, interval: 50 });
    expect(textOf(await client.callTool({ name: 'Shout', arguments: { text: 'after' } }))).toBe('AFTER');
  });

  it('is aborted when its session closes, processes included, and the session folder is ended', async () => {
    const project = await serve();
    const { client, session } = await project.connect();
    const sleeper = await startSleeper((command) => client.callTool({ name: 'Bash', arguments: { command } }, undefined, { timeout: 120_000 }));
    expect(session.runningCalls).toBe(1);
    const sessionFolders = async () => (await readdir(path.join(project.root, '.codev', 'sessions')).catch(() => [])).filter((name) => name.startsWith('mcp-'));
    expect(await sessionFolders()).toHaveLength(1);
    await session.close();
    await session.closed;
    expect(isAlive(sleeper.pid)).toBe(false);
    // The client got the call's end before the session closed: a cancelled result.
    const settled = (await sleeper.settled) as { value: object };
    expect(settled.value).toMatchObject({ isError: true });
    expect(metaOf(settled.value).errorCode).toBe('TOOL_ABORTED');
    expect(project.server.sessions).not.toContain(session);
    expect(await sessionFolders()).toEqual([]);
  });

  it('follows a hot reload: the client hears tools/list_changed, lists the new tool and calls it', async () => {
    const project = await serve();
    const { client } = await project.connect();
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('Whisper');
    const header = PLUGINS['plugins/shout.ts']!.split('export default')[0];
    await writeFile(path.join(project.root, 'plugins', 'whisper.ts'), `${header}export default buildTool({ name: 'Whisper', description: 'Lower-cases', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, call: ({ text }) => ({ data: text.toLowerCase() }) });\n`);
    expect((await project.test.kernel.reload()).ok).toBe(true);
    await vi.waitFor(() => expect(changed).toBe(1), { timeout: 10_000, interval: 20 });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('Whisper');
    expect(textOf(await client.callTool({ name: 'Whisper', arguments: { text: 'QUIET' } }))).toBe('quiet');
  });

  it('waits its turn past maxConcurrentCalls and fails with MCP_SERVER_BUSY past maxQueuedCalls', async () => {
    const project = await serve({ server: { maxConcurrentCalls: 1, maxQueuedCalls: 1 } });
    const { client } = await project.connect();
    const results = await Promise.all([1, 2, 3].map(() => client.callTool({ name: 'Slow', arguments: { steps: 5 } })));
    expect(results.map((result) => metaOf(result).errorCode ?? textOf(result))).toEqual(['counted 5', 'counted 5', 'MCP_SERVER_BUSY']);
    expect(results[2]!.isError).toBe(true);
  });
});
