import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { runCodev } from './run-codev.ts';

// Errors in the user's own code name file:line:column of the throw in the user's file, and its stack frames.
let project: TempProject;
let broken: TempProject;

const TOOL = `import { buildTool } from 'codev';
import { z } from 'zod';
export default buildTool({ name: 'Thrower', description: 'Throws', inputSchema: z.object({}), isReadOnly: () => true,
  async call() {
    return helper();
  } });
function helper() {
    throw new Error('helper failed');
}
`;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "name": "user-errors", "type": "module" }',
      'codev.config.json': '{ "permissions": { "allow": ["Thrower"] } }',
      'plugins/thrower.js': TOOL,
      'throws.ts': `const limit: number = 0;\n\n\n\n\nfunction check(x: number): number {\n  if (x < limit) throw new Error('negative x');\n  return x;\n}\ncheck(-1);\n`,
    },
  });
  broken = await createTempProject({
    files: {
      'package.json': '{ "name": "broken-plugins", "type": "module" }',
      'plugins/first.ts': `throw new Error('first line');\nexport default {};\n`,
      'plugins/second.ts': `const reason: string = 'second line';\n  throw new Error(reason);\nexport default {};\n`,
      'plugins/later.ts': `import { z } from 'zod';\n\ntype Unused = {\n  a: number };\nconst schema = z.object({});\nconst value: unknown = null; (value as { x: number }).x;\nexport default schema;\n`,
      'plugins/first-js.js': `let n = 1; throw new Error('first line js');\nexport default {};\n`,
      'plugins/later-js.mjs': `export const a = 1;\n\nexport default (() => {\n    throw new Error('fourth line');\n})();\n`,
    },
  });
});
afterAll(async () => {
  await project.cleanup();
  await broken.cleanup();
});

describe('errors in the user\'s code', () => {
  it('codev run: a script that throws names file:line:column and shows only the user\'s frames', async () => {
    const file = project.path('throws.ts');
    const run = await runCodev(['run', file, 'hi'], { NO_COLOR: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SCRIPT_FAILED');
    expect(run.stderr).toContain(`at ${file}:7:24\n`);
    expect(run.stderr).toMatch(new RegExp(`at check \\(${file}:7:\\d+\\)`));
    expect(run.stderr).toContain(`${file}:10:`);
    expect(run.stderr).not.toContain('run-command.ts');
    expect(run.stderr).not.toContain('jiti');
  });

  it('--verbose and CODEV_DEBUG=1 show codev\'s frames too', async () => {
    const file = project.path('throws.ts');
    const verbose = await runCodev(['run', file, 'hi', '--verbose'], { NO_COLOR: '1' });
    expect(verbose.stderr).toContain('run-command.ts');
    const debug = await runCodev(['run', file, 'hi'], { NO_COLOR: '1', CODEV_DEBUG: '1' });
    expect(debug.stderr).toContain('run-command.ts');
    expect(debug.stderr).toContain(`at ${file}:7:24\n`);
  });

  it('plugins that throw while imported are located at the right line and column (TS and JS, line 1, 2 and later)', async () => {
    const run = await runCodev(['tools', '--cwd', broken.root], { NO_COLOR: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`at ${broken.path('plugins/first.ts')}:1:7\n`);
    expect(run.stderr).toContain(`at ${broken.path('plugins/second.ts')}:2:9\n`);
    // A column is given only when the code at it can be found again in the file (here jiti rewrote the cast).
    expect(run.stderr).toMatch(new RegExp(`at ${broken.path('plugins/later.ts')}:6(:\\d+)?\n`));
    expect(run.stderr).toContain(`at ${broken.path('plugins/first-js.js')}:1:18\n`);
    expect(run.stderr).toContain(`at ${broken.path('plugins/later-js.mjs')}:4:11\n`);
  });

  it('codev tool: a call() that throws keeps the short tool_result and prints where it threw on stderr', async () => {
    const file = project.path('plugins/thrower.js');
    const run = await runCodev(['tool', 'Thrower', '{}', '--cwd', project.root], { NO_COLOR: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('<tool_use_error>Error: helper failed</tool_use_error>');
    expect(run.stderr).toContain(`threw at ${file}:8:11\n`);
    expect(run.stderr).toMatch(new RegExp(`at helper \\((?:file://)?${file}:8:\\d+\\)`));
    expect(run.stderr).not.toContain('call-tool.ts');
    const verbose = await runCodev(['tool', 'Thrower', '{}', '--cwd', project.root, '--verbose'], { NO_COLOR: '1' });
    expect(verbose.stderr).toContain('call-tool.ts');
    const json = await runCodev(['tool', 'Thrower', '{}', '--cwd', project.root, '--json'], { NO_COLOR: '1' });
    const output = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(output).toMatchObject({ is_error: true, error_code: 'TOOL_FAILED', error_location: `${file}:8:11`, content: '<tool_use_error>Error: helper failed</tool_use_error>' });
  });
});
