/**
 * A client that closed its read end of codev's stdout (it crashed half-way, or closed the pipe before stdin):
 * the server's next message meets EPIPE. `codev mcp serve` must take that as the client gone: no stack trace,
 * its running call stopped with its process, its session folder removed, and the process ended.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, serveCodev, sessionFoldersOf } from '../cli/mcp-serve-client.ts';

/** A bound against a hang only. */
const WITHIN_MS = 20_000;

let project: TempProject;
const sleeps: string[] = [];

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'plugins/greet.ts': toolPlugin('Greet', 'hello ') } });
});
afterEach(() => {
  killServedCodevs();
  killAll(sleeps.flatMap((seconds) => processesWithArguments(['sleep', seconds])));
});
afterAll(async () => {
  await project.cleanup();
});

describe('codev mcp serve whose client stopped reading its stdout', () => {
  it('ends quietly, its running call and process stopped, its session folder removed', { timeout: 60_000 }, async () => {
    const seconds = uniqueSeconds();
    sleeps.push(seconds);
    const served = await serveCodev({ args: ['--cwd', project.root, '--allow', 'Bash(sleep *)'], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    void served.client.callTool({ name: 'Bash', arguments: { command: `sleep ${seconds}` } }).catch(() => undefined);
    expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length > 0, WITHIN_MS), served.stderr()).toBe(true);
    served.child.stdout.destroy();
    // Requests the server answers on the closed pipe; stdin stays open, as a client that only half-closed.
    for (let index = 0; index < 5; index++) void served.client.callTool({ name: 'Greet', arguments: { message: `${index}` } }).catch(() => undefined);
    const timer = setTimeout(() => served.child.kill('SIGKILL'), WITHIN_MS);
    const exit = await served.exited;
    clearTimeout(timer);
    expect(exit.signal, served.stderr()).toBe(null);
    expect(served.stderr()).not.toMatch(/EPIPE|\n\s+at /);
    expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length === 0, WITHIN_MS)).toBe(true);
    expect(sessionFoldersOf(project.root)).toEqual([]);
  });
});
