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
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ model: 'claude-opus-4-6', maxRetries: 0, prompt: 'what is 2 + 3?' });\n`,
    },
  });
  server = await createFakeMessagesServer({
    overloadedModels: ['claude-opus-4-6'],
    script: () => ({ content: [{ type: 'thinking', thinking: 'Two plus three is five.' }, { type: 'text', text: 'It is 5.' }] }),
  });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

const jsonEvents = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });

describe('codev run: thinking, effort and fallback models', () => {
  it('sends --thinking and --effort, falls back past an overloaded model, and prints thinking in text mode', async () => {
    const run = await runCodev(['run', project.path('agent.ts'), '--thinking', '2048', '--effort', 'high', '--fallback-model', 'claude-sonnet-4-6'], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Two plus three is five.\n\nIt is 5.');
    expect(run.stderr).toContain('MODEL_OVERLOADED on claude-opus-4-6; trying claude-sonnet-4-6');
    const [primary, fallback] = server.requests.slice(-2).map((request) => request.body);
    expect(primary).toMatchObject({ model: 'claude-opus-4-6', thinking: { type: 'enabled', budget_tokens: 2048 }, output_config: { effort: 'high' } });
    expect(fallback).toMatchObject({ model: 'claude-sonnet-4-6', thinking: { type: 'enabled', budget_tokens: 2048 } });
  });

  it('prints thinking events in stream-json only with --include-thinking; takes fallback models as a comma list', async () => {
    const args = ['run', project.path('agent.ts'), '--thinking', 'adaptive', '--fallback-model', 'claude-nope-1,claude-sonnet-4-6', '--output-format', 'stream-json'];
    const plain = jsonEvents((await runCodev(args, { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' })).stdout);
    expect(plain.some((event) => event.type.startsWith('thinking'))).toBe(false);
    expect(plain.find((event) => event.type === 'model-fallback')).toMatchObject({ from: 'claude-opus-4-6', to: 'claude-nope-1', error: { code: 'MODEL_OVERLOADED' } });
    expect(plain.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    const shown = jsonEvents((await runCodev([...args, '--include-thinking'], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' })).stdout);
    expect(shown.find((event) => event.type === 'thinking')).toEqual({ type: 'thinking', text: 'Two plus three is five.', redacted: false });
    expect(shown.filter((event) => event.type === 'thinking-delta').map((event) => event.text).join('')).toBe('Two plus three is five.');
  });

  it('refuses a thinking budget or effort it cannot read and a budget the API would refuse (exit 2); --max-tokens makes room for it', async () => {
    for (const flags of [['--thinking', 'lots'], ['--effort', 'extreme'], ['--fallback-model', ',']]) {
      const run = await runCodev(['run', project.path('agent.ts'), ...flags], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('CLI_USAGE');
    }
    // A budget the API would refuse is a bad flag value too, and the fix names a flag, not the script's maxTokens.
    const tooBig = await runCodev(['run', project.path('agent.ts'), '--thinking', '100000'], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr).toContain('CLI_USAGE');
    expect(tooBig.stderr).toContain('--max-tokens');
    const fits = await runCodev(['run', project.path('agent.ts'), '--thinking', '100000', '--max-tokens', '128000', '--fallback-model', 'claude-sonnet-4-6'], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });
    expect(fits.code, fits.stderr).toBe(0);
    expect(server.requests.at(-1)?.body).toMatchObject({ max_tokens: 128000, thinking: { type: 'enabled', budget_tokens: 100000 } });
  });
});
