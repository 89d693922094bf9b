/**
 * SIGHUP (the terminal that started the client closed, or a client that ends its servers with it) stops
 * `codev mcp serve` as SIGTERM does: cleanly, its running call stopped with its process, its session folder
 * removed, exit 143; not by the signal's default action, which skips every exit step.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, serveCodev, sessionFoldersOf } from '../cli/mcp-serve-client.ts';

/** A bound against a hang only. */
const WITHIN_MS = 20_000;

let project: TempProject;
const sleeps: string[] = [];

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }' } });
});
afterEach(() => {
  killServedCodevs();
  killAll(sleeps.flatMap((seconds) => processesWithArguments(['sleep', seconds])));
});
afterAll(async () => {
  await project.cleanup();
});

describe('codev mcp serve on SIGHUP', () => {
  it('stops as on SIGTERM: the call and its process stopped, no session folder left, exit 143', { timeout: 60_000 }, async () => {
    const seconds = uniqueSeconds();
    sleeps.push(seconds);
    const served = await serveCodev({ args: ['--cwd', project.root, '--allow', 'Bash(sleep *)'], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    void served.client.callTool({ name: 'Bash', arguments: { command: `sleep ${seconds}` } }).catch(() => undefined);
    expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length > 0, WITHIN_MS), served.stderr()).toBe(true);
    served.child.kill('SIGHUP');
    const timer = setTimeout(() => served.child.kill('SIGKILL'), WITHIN_MS);
    const exit = await served.exited;
    clearTimeout(timer);
    expect(exit, served.stderr()).toEqual({ code: 143, signal: null });
    expect(processesWithArguments(['sleep', seconds])).toEqual([]);
    expect(sessionFoldersOf(project.root)).toEqual([]);
  });
});
