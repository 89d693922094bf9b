/**
 * Hot reload end to end: `codev mcp serve` (the built CLI) watches the project; a plugin added or edited while
 * a client is connected reaches that client as notifications/tools/list_changed, and its next tools/list and
 * tools/call see the new tool and the new code.
 */
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, resultText, serveCodev } from './mcp-serve-client.ts';

/** A bound against a hang only: a reload takes well under a second. */
const RELOAD_WITHIN_MS = 20_000;

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'plugins/greet.ts': toolPlugin('Greet', 'hello ') } });
});
afterEach(killServedCodevs);
afterAll(async () => {
  await project.cleanup();
});

describe('codev mcp serve follows the project as it changes', () => {
  it('a plugin added, then edited, reaches the connected client: list_changed, the new tool, the new code', { timeout: 90_000 }, async () => {
    const served = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    let changes = 0;
    served.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
    expect((await served.client.listTools()).tools.map((tool) => tool.name)).not.toContain('Later');

    await project.write('plugins/later.ts', toolPlugin('Later', 'later '));
    expect(await waitUntil(() => changes >= 1, RELOAD_WITHIN_MS), served.stderr()).toBe(true);
    expect((await served.client.listTools()).tools.map((tool) => tool.name)).toContain('Later');
    expect(resultText(await served.client.callTool({ name: 'Later', arguments: { message: 'on' } }))).toBe('later on');

    const before = changes;
    await project.write('plugins/greet.ts', toolPlugin('Greet', 'good morning '));
    expect(await waitUntil(() => changes > before, RELOAD_WITHIN_MS), served.stderr()).toBe(true);
    expect(resultText(await served.client.callTool({ name: 'Greet', arguments: { message: 'world' } }))).toBe('good morning world');
    expect(served.protocolErrors).toEqual([]);
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });
});
