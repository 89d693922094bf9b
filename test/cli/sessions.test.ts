import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { runCodev } from './run-codev.ts';

let project: TempProject;
let server: FakeMessagesServer;

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ system: 'Be brief.' });\n`,
    },
  });
  server = await createFakeMessagesServer({ script: (request) => textReply(`reply to ${request.body.messages?.length ?? 0} messages`) });
});
afterAll(async () => {
  await server.close();
  await project.cleanup();
});

const codev = (args: string[]) => runCodev([...args, '--cwd', project.root], { ANTHROPIC_BASE_URL: server.url });
const sessionIn = (stderr: string) => /session ([0-9a-f-]{36})/.exec(stderr)?.[1];
const transcripts = () => readdirSync(project.path('.codev/sessions')).filter((name) => name.endsWith('.jsonl')).sort();

describe('codev run with sessions, and codev sessions', () => {
  it('saves every run, lists it, shows it, resumes it, continues the latest, forks, and removes one', async () => {
    const first = await codev(['run', 'agent.ts', 'remember 42']);
    expect(first.code).toBe(0);
    const id = sessionIn(first.stderr)!;
    expect(first.stderr).toContain(`--resume ${id}`);

    const list = await codev(['sessions']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^ID +STARTED +TURNS +TOKENS IN/OUT +LAST PROMPT\\n${id} .* 1 +\\d+/\\d+ +remember 42\\n$`));
    const show = await codev(['sessions', 'show', id]);
    expect(show.stdout).toContain(`session ${id}`);
    expect(show.stdout).toMatch(/user +remember 42/);
    expect(show.stdout).toMatch(/assistant +reply to 1 messages/);

    const resumed = await codev(['run', 'agent.ts', 'what was it?', '--resume', id]);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('reply to 3 messages');
    const continued = await codev(['run', 'agent.ts', 'and now?', '--continue']);
    expect(continued.stdout).toContain('reply to 5 messages');
    expect(sessionIn(continued.stderr)).toBe(id);
    const forked = await codev(['run', 'agent.ts', 'in a fork', '--continue', '--fork-session', '--output-format', 'stream-json']);
    const end = forked.stdout.trim().split('\n').map((line) => JSON.parse(line)).at(-1);
    expect(end).toMatchObject({ type: 'end', reason: 'end_turn', sessionId: expect.any(String) });
    expect(end.sessionId).not.toBe(id);
    expect(transcripts()).toEqual([`${id}.jsonl`, `${end.sessionId}.jsonl`].sort());

    const json = JSON.parse((await codev(['sessions', '--json'])).stdout) as { id: string; messages: number }[];
    expect(json.find((session) => session.id === id)?.messages).toBe(6);
    expect(json.find((session) => session.id === end.sessionId)?.messages).toBe(8);

    expect((await codev(['sessions', 'rm', end.sessionId])).code).toBe(0);
    expect(transcripts()).toEqual([`${id}.jsonl`]);
  });

  it('names the recent sessions for an unknown id, refuses contradictory flags, and keeps nothing with --no-session-persistence', async () => {
    const before = transcripts();
    const unknown = await codev(['run', 'agent.ts', 'hi', '--resume', 'no-such-session']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('SESSION_NOT_FOUND');
    expect(unknown.stderr).toContain(before[0]!.replace('.jsonl', ''));
    expect((await codev(['sessions', 'show', 'no-such-session'])).code).toBe(1);
    expect((await codev(['run', 'agent.ts', 'hi', '--resume', 'x', '--continue'])).code).toBe(2);
    expect((await codev(['run', 'agent.ts', 'hi', '--fork-session'])).code).toBe(2);
    expect((await codev(['sessions', 'frobnicate'])).code).toBe(2);
    const kept = await codev(['run', 'agent.ts', 'forget me', '--no-session-persistence']);
    expect(kept.code).toBe(0);
    expect(kept.stderr).not.toContain('--resume');
    expect(transcripts()).toEqual(before);
  });
});

describe('codev run --defer-asks, then --resume with --approve', () => {
  it('ends with exit 3 naming the waiting call, and runs it once approved', async () => {
    const deferring = await createTempProject({
      files: {
        'package.json': '{ "type": "module" }',
        'plugins/save.ts': `${PLUGIN_IMPORTS}
import { appendFileSync } from 'node:fs';
export default buildTool({ name: 'Save', description: 'Save', inputSchema: z.object({ text: z.string() }), checkPermissions: () => ({ behavior: 'passthrough' }), call: ({ text }) => { appendFileSync(new URL('./saved.txt', import.meta.url), text + '\\n'); return { data: 'saved ' + text }; } });`,
        'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({});\n`,
      },
    });
    const model = await createFakeMessagesServer({ script: (request) => (request.body.messages?.length === 1 ? toolUseReply('Save', { text: 'hello' }, { id: 'toolu_save' }) : textReply('done')) });
    try {
      const run = (args: string[]) => runCodev([...args, '--cwd', deferring.root], { ANTHROPIC_BASE_URL: model.url });
      const first = await run(['run', 'agent.ts', 'save hello', '--defer-asks']);
      expect(first.code).toBe(3);
      expect(first.stderr).toContain('1 call(s) wait for approval');
      expect(first.stderr).toMatch(/toolu_save +Save \{"text":"hello"\}/);
      const id = sessionIn(first.stderr)!;
      expect(existsSync(deferring.path('plugins/saved.txt'))).toBe(false);
      expect((await run(['run', 'agent.ts', '--approve', 'toolu_save'])).code).toBe(2);
      const approved = await run(['run', 'agent.ts', '--resume', id, '--approve', 'toolu_save']);
      expect(approved.code).toBe(0);
      expect(approved.stdout).toContain('saved hello');
      expect(approved.stdout).toContain('done');
      expect(readFileSync(deferring.path('plugins/saved.txt'), 'utf8')).toBe('hello\n');
      const again = await run(['run', 'agent.ts', '--resume', id, '--approve', 'toolu_save']);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('INPUT_INVALID');
    } finally {
      await model.close();
      await deferring.cleanup();
    }
  });
});
