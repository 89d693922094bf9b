/**
 * A fleet worker keeps the project its jobs load (a kernel per script and permission settings) instead of
 * loading it for every job, on a real worker against its own redis-server and the fake Messages API:
 * - two jobs of the same script and rules import the project's plugin once (its top level logs each import);
 * - a plugin file saved between two jobs is what the next job runs (and is imported again);
 * - an agent script is imported once per content, and again once edited;
 * - jobs with different rules on one worker, one after the other and at the same time, each get only their
 *   own: a call one allows is denied in the other;
 * - workspace jobs sharing the loaded project each work in their own checkout (a tool reads `marker.txt`
 *   in its working directory) and have their own session folder, removed when the job ends.
 */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import type { Fleet, FleetEvent, FleetWorker, JobHandle } from '../../src/fleet/types.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer, type RecordedRequest } from '../../src/testing/index.ts';

const HANG_GUARD_MS = 30_000;
/** Long enough before now that the worker keeps what it loads (a file saved just before a load is not trusted to be in it). */
const LONG_AGO = new Date(Date.now() - 60_000);

let redis: RedisServer;
let server: FakeMessagesServer;
let project: TempProject;
let fleet: Fleet;
let worker: FleetWorker | undefined;
const importLog = path.join(os.tmpdir(), `codev-fleet-kernel-cache-${randomUUID().slice(0, 8)}.log`);

/** The plugin: `Probe` answers `<version> <marker.txt of its cwd> <session folder>`; its top level appends a line to the import log (on the main thread). */
function probePlugin(version: string): string {
  return `${PLUGIN_IMPORTS}
import { appendFileSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
// The kernel first tries a plugin in a probe worker thread: the import that counts is the worker's own.
if (isMainThread) appendFileSync(${JSON.stringify(importLog)}, '${version}\\n');
export default buildTool({
  name: 'Probe',
  description: 'Says its version and the marker of its working directory',
  inputSchema: z.object({}),
  // The rules decide (a plugin tool allows itself by default): only an allow rule runs it in dontAsk.
  checkPermissions: () => ({ behavior: 'passthrough', message: 'Probe runs when a rule allows it' }),
  call: (_input, context) => {
    const marker = path.join(context.cwd, 'marker.txt');
    return { data: '${version} ' + (existsSync(marker) ? readFileSync(marker, 'utf8').trim() : 'no-marker') + ' ' + context.sessionDirectory };
  },
});
`;
}

/** Every job calls Probe once, then ends. */
function script(request: RecordedRequest) {
  const called = (request.body.messages ?? []).some((message) => typeof message.content !== 'string' && message.content.some((block) => block.type === 'tool_result'));
  return called ? textReply('done') : toolUseReply('Probe', {}, { id: `toolu_${randomUUID().slice(0, 8)}` });
}

/** Sets the project's files (and folders) back in time, as a project deployed before the worker started. */
function settle(): void {
  for (const relative of ['package.json', 'agent.ts', 'plugins/probe.ts', 'plugins', '.']) utimesSync(project.path(relative), LONG_AGO, LONG_AGO);
}

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'agent.ts': "export default { system: 'Probe once.' };\n" } });
  await project.write('plugins/probe.ts', probePlugin('v1'));
  settle();
  [redis, server] = await Promise.all([startRedisServer(), createFakeMessagesServer({ apiKey: 'test-key', script })]);
}, HANG_GUARD_MS);
afterAll(async () => {
  await Promise.all([server?.close(), redis?.stop()]);
  await project?.cleanup();
  rmSync(importLog, { force: true });
});
afterEach(async () => {
  await worker?.close({ force: true });
  worker = undefined;
  await fleet?.close();
});

async function startWorker(concurrency = 1): Promise<void> {
  fleet = await createFleet({ connection: redis.url, queue: `kernel-cache-${randomUUID().slice(0, 8)}`, env: {} });
  worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [project.root], workspaceRoot: project.path('workspaces'), concurrency });
}

/** The job's Probe result: its text and whether it was allowed to run. */
async function probeOf(job: JobHandle): Promise<{ status: string; content: string }> {
  const events: FleetEvent[] = [];
  for await (const event of job.events({ signal: AbortSignal.timeout(HANG_GUARD_MS) })) events.push(event);
  const result = events.find((event) => event.type === 'tool-result');
  if (result?.type !== 'tool-result') throw new Error(`job ${job.id} made no tool call: ${events.map((event) => event.type).join(', ')}`);
  const content = result.block.content;
  return { status: result.status, content: typeof content === 'string' ? content : (content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('') };
}

const imports = () => (existsSync(importLog) ? readFileSync(importLog, 'utf8').split('\n').filter(Boolean) : []);
const submit = (allow: string[], extra: object = {}) => fleet.submit({ script: project.path('agent.ts'), prompt: 'probe', permissions: { allow }, ...extra });

describe('a fleet worker shares loaded projects between jobs', () => {
  it('imports the plugin once for two jobs of one script and rules, and again when its file is saved', async () => {
    writeFileSync(importLog, '');
    await startWorker();
    expect(await probeOf(await submit(['Probe']))).toMatchObject({ status: 'ok', content: expect.stringContaining('v1') });
    expect(await probeOf(await submit(['Probe']))).toMatchObject({ status: 'ok', content: expect.stringContaining('v1') });
    expect(imports()).toEqual(['v1']);
    await project.write('plugins/probe.ts', probePlugin('v2'));
    expect(await probeOf(await submit(['Probe']))).toMatchObject({ status: 'ok', content: expect.stringContaining('v2') });
    expect(imports()).toEqual(['v1', 'v2']);
    await project.write('plugins/probe.ts', probePlugin('v1'));
    settle();
  }, 2 * HANG_GUARD_MS);

  it('imports an agent script once per content: two jobs, one import; an edited script is imported again and its agent is what runs', async () => {
    const agentScript = (system: string) => `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(importLog)}, 'script ${system}\\n');\nexport default { system: '${system}' };\n`;
    await project.write('scripted.ts', agentScript('first system'));
    writeFileSync(importLog, '');
    await startWorker();
    const run = async () => {
      const before = server.requests.length;
      await probeOf(await fleet.submit({ script: project.path('scripted.ts'), prompt: 'probe', permissions: { allow: ['Probe'] } }));
      return JSON.stringify(server.requests[before]!.body.system);
    };
    expect(await run()).toContain('first system');
    expect(await run()).toContain('first system');
    expect(imports().filter((line) => line.startsWith('script'))).toEqual(['script first system']);
    await project.write('scripted.ts', agentScript('second system'));
    expect(await run()).toContain('second system');
    expect(imports().filter((line) => line.startsWith('script'))).toEqual(['script first system', 'script second system']);
  }, 2 * HANG_GUARD_MS);

  it('never lets one job\'s rules allow a call in another job, one after the other or at the same time', async () => {
    await startWorker(2);
    expect(await probeOf(await submit(['Probe']))).toMatchObject({ status: 'ok' });
    expect(await probeOf(await submit([]))).toMatchObject({ status: 'denied' });
    expect(await probeOf(await submit(['Probe']))).toMatchObject({ status: 'ok' });
    const [allowed, denied] = await Promise.all([submit(['Probe']), submit(['Read'])]);
    expect(await Promise.all([probeOf(allowed), probeOf(denied)])).toMatchObject([{ status: 'ok' }, { status: 'denied' }]);
  }, 2 * HANG_GUARD_MS);

  it('runs each workspace job\'s tools in its own checkout, on one loaded project', async () => {
    const remotes = ['a', 'b'].map((marker) => {
      const seed = project.path(`seed-${marker}`);
      mkdirSync(seed, { recursive: true });
      writeFileSync(path.join(seed, 'marker.txt'), `checkout-${marker}\n`);
      const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'ignore', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } });
      git(seed, 'init', '-q', '-b', 'main');
      git(seed, 'add', '.');
      git(seed, 'commit', '-qm', 'seed');
      git(project.root, 'clone', '-q', '--bare', seed, project.path(`remote-${marker}.git`));
      return project.path(`remote-${marker}.git`);
    });
    settle();
    writeFileSync(importLog, '');
    await startWorker(2);
    const jobs = await Promise.all(remotes.map((repo) => submit(['Probe'], { workspace: { repo, ref: 'main' } })));
    const probes = await Promise.all(jobs.map(probeOf));
    expect(probes.map((probe) => probe.content.split(' ').slice(0, 2))).toEqual([['v1', 'checkout-a'], ['v1', 'checkout-b']]);
    const again = await submit(['Probe'], { workspace: { repo: remotes[1], ref: 'main' } });
    const third = await probeOf(again);
    expect(third.content.split(' ').slice(0, 2)).toEqual(['v1', 'checkout-b']);
    // Each job had a session folder of its own, ended with it.
    const folders = [...probes, third].map((probe) => probe.content.split(' ')[2]!);
    expect(new Set(folders).size).toBe(3);
    expect(folders.filter((folder) => existsSync(folder))).toEqual([]);
    expect((await probeOf(await submit(['Probe']))).content.split(' ').slice(0, 2)).toEqual(['v1', 'no-marker']);
    // The workspace jobs shared one load; the job without a workspace has a kernel of its own (its cwd is the project).
    expect(imports()).toEqual(['v1', 'v1']);
  }, 2 * HANG_GUARD_MS);
});
