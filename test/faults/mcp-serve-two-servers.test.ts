/**
 * Two `codev mcp serve` of one project at once (Claude Code and Cursor each start theirs): the second's start,
 * which removes what a killed server left behind, must not take the first's live session folder; each keeps
 * its own, and both are removed when their clients go.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { killServedCodevs, resultText, serveCodev, sessionFoldersOf } from '../cli/mcp-serve-client.ts';

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'plugins/greet.ts': toolPlugin('Greet', 'hello ') } });
});
afterEach(killServedCodevs);
afterAll(async () => {
  await project.cleanup();
});

describe('two codev mcp serve of one project', () => {
  it('keep a session folder each, the second start leaving the first one alone', { timeout: 60_000 }, async () => {
    const first = await serveCodev({ args: ['--cwd', project.root, '--allow', 'Bash(echo *)'], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    expect(resultText(await first.client.callTool({ name: 'Greet', arguments: { message: 'one' } }))).toBe('hello one');
    const before = sessionFoldersOf(project.root);
    expect(before).toHaveLength(1);
    const second = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    expect(resultText(await second.client.callTool({ name: 'Greet', arguments: { message: 'two' } }))).toBe('hello two');
    expect(sessionFoldersOf(project.root)).toEqual(expect.arrayContaining(before));
    expect(sessionFoldersOf(project.root)).toHaveLength(2);
    // The first session still works in its folder: a background command's output is written there.
    const started = await first.client.callTool({ name: 'Bash', arguments: { command: 'echo still-here', run_in_background: true } });
    expect(started.isError === true, resultText(started)).toBe(false);
    expect(await first.close()).toEqual({ code: 0, signal: null });
    expect(await second.close()).toEqual({ code: 0, signal: null });
    expect(sessionFoldersOf(project.root)).toEqual([]);
  });
});
