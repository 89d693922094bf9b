import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCodev } from './run-codev.ts';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';

let project: TempProject;
let server: FakeMessagesServer;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      // The hooks are a Claude Code settings block, pasted as is.
      'codev.config.json': JSON.stringify({ permissions: { allow: ['Greet'] }, hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'grep -q deploy && { echo "no deploys today" >&2; exit 2; }; exit 0' }] }] } }),
      'plugins/greet.ts': toolPlugin('Greet', 'hello '),
      'plugins/write.ts': `${PLUGIN_IMPORTS}
export default buildTool({ name: 'Save', description: 'Save', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'passthrough' }), call: () => ({ data: 'saved' }) });`,
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ system: 'Be brief.', prompt: 'greet the world' });\n`,
      'plain.ts': `console.log('plain script ran');\n`,
      // Work the top level starts and does not await, as \`main();\` does.
      'unawaited.mjs': `setTimeout(() => { console.log('later work done'); process.exitCode = 4; }, 300);\n`,
    },
  });
  server = await createFakeMessagesServer({
    script: (request) => {
      const prompt = JSON.stringify(request.body.messages?.[0]?.content ?? '');
      const turn = request.body.messages?.length ?? 1;
      if (prompt.includes('save')) return turn === 1 ? toolUseReply('Save', {}) : textReply('could not save');
      return turn === 1 ? toolUseReply('Greet', { message: 'world' }, { text: 'Greeting now.' }) : textReply('Done: hello world.');
    },
  });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

describe('codev run', () => {
  it('streams text, tool calls and results as text without colors off a terminal', async () => {
    const run = await runCodev(['run', project.path('agent.ts')], { ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Greeting now.');
    expect(run.stdout).toContain('● Greet');
    expect(run.stdout).toContain('⎿ hello world');
    expect(run.stdout).toContain('Done: hello world.');
    expect(run.stdout).not.toContain('\u001b[');
    const request = server.requests.at(-1)!.body;
    expect(request.system).toBe('Be brief.');
  });

  it('sends @file arguments as image and document blocks after the text, and refuses a missing one', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    writeFileSync(project.path('shot.png'), png);
    writeFileSync(project.path('notes.txt'), 'The button is blue.\n');
    const run = await runCodev(['run', project.path('agent.ts'), 'describe', 'these', `@${project.path('shot.png')}`, `@${project.path('notes.txt')}`, '--output-format', 'stream-json'], { ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(0);
    const first = server.requests.at(-2)!.body.messages![0]!;
    expect(first.content).toEqual([
      { type: 'text', text: 'describe these' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } },
      { type: 'document', title: 'notes.txt', source: { type: 'text', media_type: 'text/plain', data: 'The button is blue.\n' } },
    ]);
    const missing = await runCodev(['run', project.path('agent.ts'), 'describe', `@${project.path('missing.png')}`], { ANTHROPIC_BASE_URL: server.url });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('CLI_USAGE');
  });

  it('prints one JSON event per line with --output-format stream-json', async () => {
    const run = await runCodev(['run', project.path('agent.ts'), 'greet', 'again', '--output-format', 'stream-json'], { ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(0);
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reason?: string });
    expect(events[0]).toEqual({ type: 'turn-start', turn: 1 });
    expect(events.map((event) => event.type)).toContain('tool-result');
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  });

  it('denies an ask without a terminal and says which rule would allow it', async () => {
    const run = await runCodev(['run', project.path('agent.ts'), 'please save', '--output-format', 'stream-json'], { ANTHROPIC_BASE_URL: server.url });
    const result = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line)).find((event) => event.type === 'tool-result');
    expect(result.isError).toBe(true);
    expect(result.block.content).toContain('no terminal to ask on');
    expect(result.block.content).toContain('Save');
  });

  it('prints a prompt a UserPromptSubmit hook blocked to stderr, makes no model request and exits 1', async () => {
    const before = server.requests.length;
    const run = await runCodev(['run', project.path('agent.ts'), 'deploy prod'], { ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('blocked the prompt: no deploys today');
    expect(server.requests.length).toBe(before);
  });

  it('ends with a summary of turns, tokens and cost; --max-query-tokens stops before a request; a bad limit is a usage error', async () => {
    const run = await runCodev(['run', project.path('agent.ts')], { ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/2 turn\(s\) · [\d,]+ input tokens · [\d,]+ output tokens · \$\d+\.\d{4}/);
    const before = server.requests.length;
    const limited = await runCodev(['run', project.path('agent.ts'), '--max-query-tokens', '1', '--output-format', 'stream-json'], { ANTHROPIC_BASE_URL: server.url });
    expect(server.requests.length).toBe(before);
    const events = limited.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reason?: string; limit?: string });
    expect(events.find((event) => event.type === 'limit-reached')).toMatchObject({ limit: 'maxQueryTokens', max: 1 });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'max_query_tokens', costUsd: 0 });
    const bad = await runCodev(['run', project.path('agent.ts'), '--max-budget-usd', '0'], { ANTHROPIC_BASE_URL: server.url });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('CLI_USAGE');
  });

  it("sends the project's CODEV.md after the script's system prompt and names a skipped include on stderr", async () => {
    await project.write('CODEV.md', 'Greet in French. @docs/missing.md');
    try {
      const home = project.path('.no-home');
      const run = await runCodev(['run', project.path('agent.ts')], { ANTHROPIC_BASE_URL: server.url, HOME: home });
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(`Instructions ${project.path('docs/missing.md')} skipped`);
      expect(server.requests.at(-1)!.body.system).toMatch(/^Be brief\.\n\n# Instructions[^]*Greet in French\./);
      const json = await runCodev(['run', project.path('agent.ts'), '--output-format', 'stream-json'], { ANTHROPIC_BASE_URL: server.url, HOME: home });
      const warnings = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; code?: string }).filter((event) => event.type === 'warning');
      expect(warnings.map((warning) => warning.code)).toEqual(['INSTRUCTIONS_SKIPPED']);
    } finally {
      await project.remove('CODEV.md');
    }
  });

  it('runs a plain script, and says what is missing without a key', async () => {
    const plain = await runCodev(['run', project.path('plain.ts')], {});
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('plain script ran');
    const missing = await runCodev(['run', project.path('agent.ts')], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('MODEL_NOT_CONFIGURED');
    expect(missing.stderr).toContain('ANTHROPIC_API_KEY');
    const bad = await runCodev(['run', project.path('nope.ts')], {});
    expect(bad.code).toBe(2);
  });

  it('lets a plain script finish what its top level started without awaiting, as node does', async () => {
    const run = await runCodev(['run', project.path('unawaited.mjs')], {});
    expect(run.stdout).toContain('later work done');
    expect(run.code).toBe(4);
  });
});
