import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createKernel } from '../../src/index.ts';
import type { Kernel } from '../../src/kernel/types.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { BIN, EMPTY_HOME } from '../cli/run-codev.ts';

// A plugin whose top-level code schedules work forever (a setInterval it never clears): someone else's bug.
// Closing the kernel must end the copies of it codev made (the probe worker evaluates every version of a
// plugin file), and the CLI must exit once its work is done, whatever the plugin left scheduled.

/** Far above what a `codev tools` run takes on a busy machine; only there to stop a hang. */
const EXIT_GUARD_MS = 30_000;
/** How long a 20 ms interval that still runs gets to show it (it would tick a dozen times or more). */
const QUIET_MS = 500;

const projects: TempProject[] = [];
const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.close()));
  await Promise.all(projects.splice(0).map((project) => project.cleanup()));
});

async function project(files: Record<string, string>): Promise<TempProject> {
  const created = await createTempProject({ files: { 'package.json': '{ "type": "module" }', ...files } });
  projects.push(created);
  return created;
}

/** A plugin that, where codev probes it (a worker thread), marks each tick of an endless interval in `marker`. */
function tickingInWorker(name: string, marker: string, version: number): string {
  return `${toolPlugin(name)}
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
if (!isMainThread) {
  appendFileSync(${JSON.stringify(marker)}, 'v${version} loaded\\n');
  setInterval(() => appendFileSync(${JSON.stringify(marker)}, 'v${version} tick\\n'), 20);
}
`;
}

const size = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').length : 0);

describe('a plugin whose top level schedules an endless interval', () => {
  it('kernel.close() ends the probe worker: no copy of any version of the plugin runs after it', async () => {
    const dir = await project({});
    const marker = dir.path('ticks.log');
    await dir.write('plugins/ticker.ts', tickingInWorker('Ticker', marker, 1));
    const kernel = await createKernel({ cwd: dir.root, env: {}, mcp: false, loadTimeoutMs: 10_000 });
    kernels.push(kernel);
    expect(kernel.tools.map((tool) => tool.name)).toContain('Ticker');
    // A reload of an edited plugin probes the new version too.
    await dir.write('plugins/ticker.ts', tickingInWorker('Ticker', marker, 2));
    expect((await kernel.reload()).ok).toBe(true);
    expect(readFileSync(marker, 'utf8')).toMatch(/v1 loaded[^]*v2 loaded/);
    await kernel.close();
    const afterClose = size(marker);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(size(marker)).toBe(afterClose);
  });

  it('several kernels in one process: closing one ends the copies its loads made', async () => {
    const [first, second] = [await project({}), await project({})];
    const markers = [first.path('ticks.log'), second.path('ticks.log')] as const;
    await first.write('plugins/ticker.ts', tickingInWorker('First', markers[0], 1));
    await second.write('plugins/ticker.ts', tickingInWorker('Second', markers[1], 1));
    const one = await createKernel({ cwd: first.root, env: {}, mcp: false, loadTimeoutMs: 10_000 });
    kernels.push(one);
    const two = await createKernel({ cwd: second.root, env: {}, mcp: false, loadTimeoutMs: 10_000 });
    kernels.push(two);
    expect([size(markers[0]) > 0, size(markers[1]) > 0]).toEqual([true, true]);
    await one.close();
    const afterClose = size(markers[0]);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(size(markers[0])).toBe(afterClose);
    expect(two.tools.map((tool) => tool.name)).toContain('Second');
  });

  it.each([
    ['`codev tools`', ['tools'], /^Ticker\s+plugin /m],
    // A plain script ends as under node, when what it started is done: the plugin's interval is not its work.
    ['`codev run` of a plain script', ['run', 'plain.mjs'], /^plain script ran$/m],
  ])('%s exits by itself with its code once its work is done', async (_name, args, printed) => {
    const dir = await project({ 'plugins/ticker.ts': `${toolPlugin('Ticker')}\nsetInterval(() => {}, 1_000);\n`, 'plain.mjs': "setTimeout(() => console.log('plain script ran'), 10);\n" });
    const child = spawn(process.execPath, [BIN, ...args, '--cwd', dir.root], {
      cwd: dir.root,
      env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const guard = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), EXIT_GUARD_MS)));
    try {
      expect(await Promise.race([exited, guard])).toBe(0);
      expect(stdout).toMatch(printed);
    } finally {
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, EXIT_GUARD_MS + 10_000);
});
