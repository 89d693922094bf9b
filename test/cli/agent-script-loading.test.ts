import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { runCodev } from './run-codev.ts';

// How `codev run` loads an agent script (jiti, see docs/agent-scripts.md): `codev` is the running CLI's own
// module even where the project has another install, JSON and the project's packages import, TypeScript
// helpers keep their lines, and an error thrown in a helper is reported at the script's line with the
// helper's file:line:column among the user's frames.
let project: TempProject;

const HELPER = `export interface Limits {
  min: number;
}

export function check(value: number, limits: Limits = { min: 0 }): number {
  const label: string = 'value';
  if (value < limits.min) throw new Error(\`\${label} below \${limits.min}\`);
  return value;
}
`;

/** Imports `codev`, a JSON file, a package of the project and a TypeScript helper; prints what it got. */
const script = (helper: string): string => `import { defineAgent } from 'codev';
import { shout } from 'greeting';
import data from './data.json' with { type: 'json' };
import { check } from '${helper}';
const value: number = await Promise.resolve(Number(process.env.AGENT_VALUE ?? 1));
check(value);
const definition = defineAgent({ system: 'Be brief.' });
console.log(shout(data.greeting), typeof definition.system);
`;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "name": "agent-scripts", "type": "module" }',
      // Another codev install in the project: the script must get the CLI's own module, never this one.
      'node_modules/codev/package.json': '{ "name": "codev", "type": "module", "exports": "./index.js" }',
      'node_modules/codev/index.js': `console.log('the project install of codev was loaded');\nexport const defineAgent = () => ({ system: 0 });\n`,
      'node_modules/greeting/package.json': '{ "name": "greeting", "type": "module", "exports": "./index.js" }',
      'node_modules/greeting/index.js': 'export const shout = (text) => text.toUpperCase();\n',
      'data.json': '{ "greeting": "hello from json" }',
      'helper.ts': HELPER,
      'helper.mts': HELPER,
      'agent.ts': script('./helper.ts'),
      'agent.mts': script('./helper.mts'),
    },
  });
});
afterAll(async () => {
  await project.cleanup();
});

describe('codev run: loading the agent script', () => {
  it.each(['agent.ts', 'agent.mts'])('%s gets the CLI\'s own codev, JSON, the project\'s packages and top-level await', async (name) => {
    const run = await runCodev(['run', project.path(name)], { NO_COLOR: '1' });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('HELLO FROM JSON string\n');
  });

  it.each([
    ['agent.ts', 'helper.ts'],
    ['agent.mts', 'helper.mts'],
  ])('an error thrown in a helper %s imports names the script\'s line and the helper\'s TypeScript line and column', async (name, helper) => {
    const file = project.path(name);
    const run = await runCodev(['run', file], { NO_COLOR: '1', AGENT_VALUE: '-1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SCRIPT_FAILED');
    expect(run.stderr).toMatch(new RegExp(`\\n  at ${file}:6(:\\d+)?\\n`));
    expect(run.stderr).toContain(`at check (${project.path(helper)}:7:33)\n`);
    expect(run.stderr).toMatch(new RegExp(`at ${file}:6:\\d+\\n`));
    expect(run.stderr).not.toContain('jiti');
  });
});
