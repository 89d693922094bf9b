import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { runCodev } from './run-codev.ts';

// A misspelt agent script (`codev run reveiw.ts` beside review.ts) is a usage error whose fix names the script
// that is there, in the form the user typed it; queue add says the same.

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'agents/review.ts': 'export {};\n' } });
});
afterAll(async () => {
  await project.cleanup();
});

describe('a misspelt agent script', () => {
  it.each([[['run']], [['queue', 'add']]])('codev %j names the script that is there', async (command) => {
    const run = await runCodev([...command, 'agents/reveiw.ts', ...(command[0] === 'queue' ? ['--prompt', 'hi', '--redis', 'redis://127.0.0.1:1'] : []), '--cwd', project.root], { NO_COLOR: '1' });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('CLI_USAGE');
    expect(run.stderr).toContain('agents/review.ts');
  });
});
