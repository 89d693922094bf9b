/**
 * A plugin that holds deny rules and fails to load (at start, or broken by an edit while a client is
 * connected): its rules are unknown, so codev asks before every call until it loads. No answer that is not a
 * person's may let such a call run: `--ask-fallback allow` (an answer for asks nobody can be asked about)
 * must not turn "the rules are unknown" into "allowed". Edits that add a deny rule reach the next call.
 */
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { killServedCodevs, resultText, serveCodev } from '../cli/mcp-serve-client.ts';

/** A bound against a hang only. */
const WITHIN_MS = 20_000;

const GUARD = `${PLUGIN_IMPORTS}
export default definePlugin({ name: 'guard', rules: [definePermissionRule({ deny: ['Bash(touch guarded*)'] })] });
`;
const BROKEN = `${GUARD}\nthrow new Error('broken guard');\n`;

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ location: 'os-tmpdir', files: { 'package.json': '{ "type": "module" }' } });
});
afterEach(killServedCodevs);
afterAll(async () => {
  await project.cleanup();
});

const ARGS = ['--allow', 'Bash(touch *)', '--ask-fallback', 'allow'];

async function touch(served: Awaited<ReturnType<typeof serveCodev>>, file: string): Promise<{ ran: boolean; isError: boolean; text: string }> {
  const result = await served.client.callTool({ name: 'Bash', arguments: { command: `touch ${file}` } });
  return { ran: existsSync(project.path(file)), isError: result.isError === true, text: resultText(result) };
}

describe('codev mcp serve with a plugin whose deny rules are unknown', () => {
  it('broken from the start: --ask-fallback allow does not let its calls run', { timeout: 60_000 }, async () => {
    await project.write('plugins/guard.ts', BROKEN);
    const served = await serveCodev({ args: ['--cwd', project.root, ...ARGS], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    expect(await touch(served, 'guarded-start.txt')).toMatchObject({ ran: false, isError: true });
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });

  it('broken by an edit while a client is connected: the next calls do not run either', { timeout: 90_000 }, async () => {
    await project.write('plugins/guard.ts', GUARD);
    const served = await serveCodev({ args: ['--cwd', project.root, ...ARGS], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    expect(await touch(served, 'guarded-1.txt')).toMatchObject({ ran: false, isError: true });
    expect(await touch(served, 'free-1.txt')).toMatchObject({ ran: true, isError: false });
    await project.write('plugins/guard.ts', BROKEN);
    expect(await waitUntil(() => /reload|broken guard/.test(served.stderr()), WITHIN_MS), served.stderr()).toBe(true);
    expect(await touch(served, 'guarded-2.txt')).toMatchObject({ ran: false, isError: true });
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });

  it('a command a deny rule cannot be checked against (its words computed at run time) does not run either', { timeout: 60_000 }, async () => {
    await project.write('plugins/guard.ts', GUARD);
    const served = await serveCodev({ args: ['--cwd', project.root, ...ARGS], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    const result = await served.client.callTool({ name: 'Bash', arguments: { command: 'touch $(printf guarded)-computed.txt' } });
    expect({ ran: existsSync(project.path('guarded-computed.txt')), isError: result.isError === true }, resultText(result)).toEqual({ ran: false, isError: true });
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });

  it('a deny rule added to codev.config.ts while a client is connected holds for its next call', { timeout: 90_000 }, async () => {
    await project.write('plugins/guard.ts', GUARD);
    const served = await serveCodev({ args: ['--cwd', project.root, ...ARGS], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    expect(await touch(served, 'later-1.txt')).toMatchObject({ ran: true, isError: false });
    await project.write('codev.config.ts', `import { defineConfig } from '${codevModule('config/define-config.ts')}';\nexport default defineConfig({ permissions: { deny: ['Bash(touch later*)'] } });\n`);
    expect(await waitUntil(() => served.stderr().includes('reloaded'), WITHIN_MS), served.stderr()).toBe(true);
    expect(await touch(served, 'later-2.txt')).toMatchObject({ ran: false, isError: true });
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });
});
