/**
 * A reload storm: an editor saving a plugin 100 times while a client calls it. Every call answers (with one
 * version of the code or another, never an error of the server), the client's protocol stays clean, and once
 * the saves stop the next call runs the last version saved.
 */
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { killServedCodevs, resultText, serveCodev } from '../cli/mcp-serve-client.ts';

const SAVES = 100;

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'plugins/greet.ts': toolPlugin('Greet', 'v0 ') } });
});
afterEach(killServedCodevs);
afterAll(async () => {
  await project.cleanup();
});

describe('codev mcp serve during a reload storm', () => {
  it('answers every call while a plugin is saved 100 times, then runs the last version', { timeout: 120_000 }, async () => {
    const served = await serveCodev({ args: ['--cwd', project.root], cwd: project.root, env: { CODEV_SANDBOX: '0' } });
    served.client.setNotificationHandler(ToolListChangedNotificationSchema, () => undefined);
    let saving = true;
    const answers: string[] = [];
    const calls = (async () => {
      while (saving) {
        const result = await served.client.callTool({ name: 'Greet', arguments: { message: 'x' } });
        answers.push(`${result.isError === true ? 'error: ' : ''}${resultText(result)}`);
      }
    })();
    for (let save = 1; save <= SAVES; save++) {
      await project.write('plugins/greet.ts', toolPlugin('Greet', `v${save} `));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    saving = false;
    await calls;
    expect(answers.filter((answer) => !/^v\d+ x$/.test(answer)), served.stderr()).toEqual([]);
    let last = '';
    for (let attempt = 0; attempt < 60 && last !== `v${SAVES} x`; attempt++) {
      last = resultText(await served.client.callTool({ name: 'Greet', arguments: { message: 'x' } }));
      if (last !== `v${SAVES} x`) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(last, served.stderr().slice(-2000)).toBe(`v${SAVES} x`);
    expect(served.protocolErrors.map(String)).toEqual([]);
    expect(await served.close()).toEqual({ code: 0, signal: null });
  });
});
