import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCodev } from './run-codev.ts';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer, type FakeReply } from '../../src/testing/index.ts';

let project: TempProject;
let server: FakeMessagesServer;
let replies: FakeReply[] = [];

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ maxRetries: 0, outputRetries: 1, prompt: 'name a city' });\n`,
      'city.schema.json': JSON.stringify({ type: 'object', properties: { city: { type: 'string' }, population: { type: 'integer' } }, required: ['city', 'population'] }),
      'list.schema.json': '{ "type": "array" }',
      'broken.json': '{ "type": ',
    },
  });
  server = await createFakeMessagesServer({ script: () => replies.shift() ?? textReply('(no reply scripted)') });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

const env = () => ({ ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });

describe('codev run --json-schema', () => {
  it('prints only the JSON answer on stdout in text mode, the text and the retry on stderr', async () => {
    replies = [{ content: [{ type: 'text', text: 'Let me think.' }, { type: 'tool_use', name: 'StructuredOutput', input: { city: 'Lyon' } }] }, toolUseReply('StructuredOutput', { city: 'Lyon', population: 522000 })];
    const run = await runCodev(['run', project.path('agent.ts'), '--json-schema', 'city.schema.json', '--cwd', project.root, '--no-session-persistence'], env());
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ city: 'Lyon', population: 522000 });
    expect(run.stderr).toContain('Let me think.');
    expect(run.stderr).toContain('retry 1 of 1');
    expect(run.stderr).toContain('population');
    const tool = (server.requests.at(-1)!.body.tools as { name: string; input_schema: unknown }[]).at(-1);
    expect(tool).toMatchObject({ name: 'StructuredOutput', input_schema: { required: ['city', 'population'] } });
  });

  it('puts the output on the end event in stream-json; an answer that never matches exits 1 with OUTPUT_INVALID', async () => {
    replies = [toolUseReply('StructuredOutput', { city: 'Oslo', population: 700000 })];
    const run = await runCodev(['run', project.path('agent.ts'), '--json-schema', 'city.schema.json', '--cwd', project.root, '--no-session-persistence', '--output-format', 'stream-json'], env());
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', output: { city: 'Oslo', population: 700000 } });
    replies = [textReply('Oslo.'), textReply('Oslo, I said.')];
    const failed = await runCodev(['run', project.path('agent.ts'), '--json-schema', 'city.schema.json', '--cwd', project.root, '--no-session-persistence'], env());
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain('OUTPUT_INVALID');
  });

  it('refuses a schema file it cannot read (exit 2) and a schema that is not an object (INPUT_INVALID)', async () => {
    for (const file of ['missing.json', 'broken.json']) {
      const run = await runCodev(['run', project.path('agent.ts'), '--json-schema', file, '--cwd', project.root], env());
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('CLI_USAGE');
    }
    const list = await runCodev(['run', project.path('agent.ts'), '--json-schema', 'list.schema.json', '--cwd', project.root], env());
    expect(list.code).toBe(1);
    expect(list.stderr).toContain('INPUT_INVALID');
    expect(list.stderr).toContain('outputSchema');
  });
});
