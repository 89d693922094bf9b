import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCodev } from './run-codev.ts';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer } from '../../src/testing/index.ts';

let project: TempProject;
let server: FakeMessagesServer;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\n\nexport default defineAgent({ sytem: 'Be brief.', maxTurns: 'three', prompt: 'hi' } as never);\n`,
      'plain-object.js': `export default { prompt: 'hi', maxTurn: 2 };\n`,
    },
  });
  server = await createFakeMessagesServer({ script: () => textReply('should not be asked') });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

describe('codev run with an invalid agent definition', () => {
  it('exits non-zero before any model request, naming every bad field, the suggestion and the file', async () => {
    const run = await runCodev(['run', project.path('agent.ts')], { ANTHROPIC_BASE_URL: server.url });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('AGENT_INVALID');
    expect(run.stderr).toContain('sytem: unknown key; did you mean "system"?');
    expect(run.stderr).toContain('maxTurns: expected number; got "three"');
    expect(run.stderr).toContain(`${project.path('agent.ts')}:3`);
    expect(server.requests).toHaveLength(0);
  });

  it('checks a default-exported plain object the same way', async () => {
    const run = await runCodev(['run', project.path('plain-object.js')], { ANTHROPIC_BASE_URL: server.url });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('maxTurn: unknown key; did you mean "maxTurns"?');
    expect(run.stderr).toContain(project.path('plain-object.js'));
    expect(server.requests).toHaveLength(0);
  });
});
