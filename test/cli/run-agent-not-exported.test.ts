import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { runCodev } from './run-codev.ts';

// An agent script that calls defineAgent but does not default-export it (`const agent = defineAgent(...)`,
// `export const agent = ...`) is a forgotten `export default`: codev run still runs it as the plain script it
// is (exit 0, as before), but says on stderr that no agent ran, naming the line, instead of nothing at all.

let project: TempProject;
const define = `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\n`;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'unexported.ts': `${define}const agent = defineAgent({ prompt: 'hi' });\n`,
      'named.ts': `${define}export const agent = defineAgent({ prompt: 'hi' });\n`,
      'plain.ts': `console.log('plain script ran');\n`,
    },
  });
});
afterAll(async () => {
  await project.cleanup();
});

function run(script: string) {
  return runCodev(['run', script, '--cwd', project.root], { ANTHROPIC_BASE_URL: 'http://127.0.0.1:1', CODEV_MAX_RETRIES: '0', NO_COLOR: '1' });
}

describe('an agent script without its default export', () => {
  it.each(['unexported.ts', 'named.ts'])('%s is reported as AGENT_NOT_EXPORTED at the defineAgent line', async (script) => {
    const result = await run(script);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('AGENT_NOT_EXPORTED');
    expect(result.stderr).toContain(`${script}:2`);
  });

  it('a plain script still runs whole and exits 0', async () => {
    const result = await run('plain.ts');
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({ code: 0, stdout: 'plain script ran\n', stderr: '' });
  });
});
