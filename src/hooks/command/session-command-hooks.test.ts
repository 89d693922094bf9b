import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastMessage, runQuery } from '../../agent/test-fixtures/session-hooks.ts';
import { validateConfig } from '../../config/validate-config.ts';
import { textReply } from '../../testing/fake-messages-server/fake-reply.ts';
import { createScriptProject, json } from './test-fixtures/command-hooks.ts';
import { toToolHooks } from './to-tool-hooks.ts';
import { runPostRewindHooks, runPreRewindHooks } from '../run-rewind-hooks.ts';

const { root, reports, script, hook } = createScriptProject();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dumped = (name: string) => readFileSync(path.join(root, name), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
const common = { session_id: 'session-1', transcript_path: '', cwd: root, permission_mode: 'default' };

describe('command hooks: UserPromptSubmit', () => {
  it('a script gets the exact snake_case input on stdin; its plain stdout is context for the model', async () => {
    const prompt = hook({ event: 'UserPromptSubmit', command: script('prompt.sh', 'cat >> prompt.jsonl; echo >> prompt.jsonl; echo "  current branch: main  "') });
    const run = await runQuery({ hooks: [prompt], cwd: root, replies: [textReply('ok')] });
    expect(dumped('prompt.jsonl')).toEqual([{ ...common, hook_event_name: 'UserPromptSubmit', prompt: 'fix the bug' }]);
    expect(run.requests[0]!.body.messages![0]!.content).toEqual([{ type: 'text', text: 'fix the bug' }, { type: 'text', text: '<system-reminder>current branch: main</system-reminder>' }]);
    expect(reports).toEqual([]);
  });

  it('exit 2 blocks the prompt with stderr as the reason; no model request is made', async () => {
    const gate = hook({ event: 'UserPromptSubmit', name: 'gate', command: 'input=$(cat); echo "$input" | grep -q password && { echo "no secrets in prompts" >&2; exit 2; }; exit 0' });
    const blocked = await runQuery({ hooks: [gate], cwd: root, prompt: 'my password is hunter2' });
    expect(blocked.requests).toHaveLength(0);
    expect(blocked.events.map((event) => event.type === 'prompt-blocked' ? event : event.type === 'end' ? event.reason : event.type)).toEqual([
      { type: 'prompt-blocked', reason: 'no secrets in prompts', hookName: 'gate' },
      'blocked',
    ]);
    const passed = await runQuery({ hooks: [gate], cwd: root, prompt: 'list the files' });
    expect(passed.requests).toHaveLength(1);
  });

  it('JSON: decision block with its reason, continue: false with its stopReason, hookSpecificOutput.additionalContext', async () => {
    const decision = hook({ event: 'UserPromptSubmit', name: 'decision', command: json({ decision: 'block', reason: 'out of scope' }) });
    expect((await runQuery({ hooks: [decision], cwd: root })).events[0]).toEqual({ type: 'prompt-blocked', reason: 'out of scope', hookName: 'decision' });
    const halt = hook({ event: 'UserPromptSubmit', name: 'halt', command: json({ continue: false, stopReason: 'maintenance window', decision: 'block', reason: 'ignored' }) });
    const halted = await runQuery({ hooks: [halt], cwd: root });
    expect([halted.requests.length, halted.events[0]]).toEqual([0, { type: 'prompt-blocked', reason: 'maintenance window', hookName: 'halt' }]);
    const context = hook({ event: 'UserPromptSubmit', command: json({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'use pnpm' } }) });
    const run = await runQuery({ hooks: [context], cwd: root });
    expect(run.requests[0]!.body.messages![0]!.content).toEqual([{ type: 'text', text: 'fix the bug' }, { type: 'text', text: '<system-reminder>use pnpm</system-reminder>' }]);
  });

  it('defaults to a 30 s timeout, as Claude Code does (600 s for the other events)', () => {
    expect(hook({ event: 'UserPromptSubmit', command: 'true' }).timeout).toBe(35_000);
    expect(hook({ event: 'Stop', command: 'true' }).timeout).toBe(605_000);
  });
});

describe('command hooks: Stop', () => {
  it('exit 2 keeps the agent going with stderr as the next message; the second run sees stop_hook_active true', async () => {
    const body = 'input=$(cat); echo "$input" >> stop.jsonl; if echo "$input" | grep -q \'"stop_hook_active":false\'; then echo "run the tests" >&2; exit 2; fi';
    const stop = hook({ event: 'Stop', command: script('stop.sh', body) });
    const run = await runQuery({ hooks: [stop], cwd: root, replies: [textReply('fixed'), textReply('fixed and tested')] });
    expect(dumped('stop.jsonl')).toEqual([
      { ...common, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'fixed' },
      { ...common, hook_event_name: 'Stop', stop_hook_active: true, last_assistant_message: 'fixed and tested' },
    ]);
    expect(run.requests).toHaveLength(2);
    expect(lastMessage(run.requests[1]!)).toEqual({ role: 'user', content: 'run the tests' });
  });

  it('continue: false wins over a block, its own and another hook’s; a failing script does not block', async () => {
    reports.length = 0;
    const own = hook({ event: 'Stop', command: json({ decision: 'block', reason: 'ignored', continue: false }) });
    expect((await runQuery({ hooks: [own], cwd: root })).requests).toHaveLength(1);
    const block = hook({ event: 'Stop', command: json({ decision: 'block', reason: 'keep going' }) });
    const halt = hook({ event: 'Stop', command: json({ continue: false, stopReason: 'enough' }) });
    const failing = hook({ event: 'Stop', name: 'flaky', command: 'cat >/dev/null; echo "crashed" >&2; exit 1' });
    const run = await runQuery({ hooks: [block, halt, failing], cwd: root });
    expect(run.requests).toHaveLength(1);
    expect(run.events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(reports).toEqual(['flaky hook error: Failed with non-blocking status code 1: crashed']);
    const blocking = await runQuery({ hooks: [block], cwd: root, maxTurns: 2 });
    expect(lastMessage(blocking.requests[1]!)).toEqual({ role: 'user', content: 'keep going' });
  });
});

describe('session command hooks in the config', () => {
  it('accepts UserPromptSubmit and Stop in the flat and the nested shape; a matcher is kept but ignored', async () => {
    const flat = validateConfig({ value: { hooks: [{ event: 'UserPromptSubmit', command: './prompt.sh' }, { event: 'Stop', matcher: 'Bash', command: './stop.sh', timeout: 5 }] } });
    expect(flat.hooks).toEqual([{ event: 'UserPromptSubmit', command: './prompt.sh' }, { event: 'Stop', matcher: 'Bash', command: './stop.sh', timeout: 5 }]);
    const nested = validateConfig({ value: { hooks: {
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: json({ hookSpecificOutput: { additionalContext: 'from settings' } }) }] }],
      Stop: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'cat >/dev/null; echo "not yet" >&2; exit 2', timeout: 5 }] }],
    } } });
    expect(nested.hooks.map((entry) => 'event' in entry && entry.event)).toEqual(['UserPromptSubmit', 'Stop']);
    const hooks = toToolHooks(nested.hooks, { projectDir: root, sessionId: 'session-1' });
    const run = await runQuery({ hooks, cwd: root, maxTurns: 2 });
    expect(run.requests[0]!.body.messages![0]!.content).toEqual([{ type: 'text', text: 'fix the bug' }, { type: 'text', text: '<system-reminder>from settings</system-reminder>' }]);
    expect(lastMessage(run.requests[1]!)).toEqual({ role: 'user', content: 'not yet' });
  });
});

describe('command hooks: SessionStart', () => {
  it('a script gets source (and model) on stdin once per agent; its plain stdout or JSON additionalContext is context', async () => {
    const plain = hook({ event: 'SessionStart', matcher: 'startup', command: script('session.sh', 'cat >> session.jsonl; echo >> session.jsonl; echo "node 20, pnpm"') });
    const fromJson = hook({ event: 'SessionStart', command: json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'tests: pnpm test' } }) });
    const resumeOnly = hook({ event: 'SessionStart', matcher: 'resume', command: 'cat > resume.json' });
    const run = await runQuery({ hooks: [plain, fromJson, resumeOnly], cwd: root, prompts: ['fix the bug', 'again'] });
    expect(dumped('session.jsonl')).toEqual([{ ...common, hook_event_name: 'SessionStart', source: 'startup', model: expect.any(String) }]);
    expect(run.requests[0]!.body.messages![0]!.content).toEqual([
      { type: 'text', text: 'fix the bug' },
      { type: 'text', text: '<system-reminder>node 20, pnpm</system-reminder>' },
      { type: 'text', text: '<system-reminder>tests: pnpm test</system-reminder>' },
    ]);
    expect(lastMessage(run.requests[1]!)).toEqual({ role: 'user', content: 'again' });
    expect(existsSync(path.join(root, 'resume.json'))).toBe(false);
  });

  it('exit 2 cannot block: it is reported and the query goes on', async () => {
    reports.length = 0;
    const failing = hook({ event: 'SessionStart', name: 'gate', command: 'cat >/dev/null; echo "not today" >&2; exit 2' });
    const run = await runQuery({ hooks: [failing], cwd: root });
    expect(run.requests).toHaveLength(1);
    expect(run.requests[0]!.body.messages![0]!.content).toBe('fix the bug');
    expect(reports).toEqual(['gate hook error: exit code 2 does not block SessionStart: not today']);
  });
});

describe('command hooks: PreCompact, PostCompact and SessionEnd', () => {
  it('get their snake_case input; a PreCompact script\'s plain stdout is instructions for the summary', async () => {
    const { createAgent } = await import('../../agent/create-agent.ts');
    const { createTestContext } = await import('../../testing/create-test-context.ts');
    const { createFakeMessagesServer } = await import('../../testing/fake-messages-server/create-fake-messages-server.ts');
    const server = await createFakeMessagesServer({ script: (request) => textReply(request.body.system ? 'the summary' : 'ok') });
    try {
      const hooks = [
        hook({ event: 'PreCompact', command: script('pre-compact.sh', 'cat >> pre-compact.jsonl; echo >> pre-compact.jsonl; echo "keep the branch name"') }),
        hook({ event: 'PostCompact', command: script('post-compact.sh', 'cat >> post-compact.jsonl; echo >> post-compact.jsonl') }),
        hook({ event: 'SessionEnd', command: script('session-end.sh', 'cat >> session-end.jsonl; echo >> session-end.jsonl') }),
      ];
      const context = createTestContext({ hooks, cwd: root });
      const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, createToolUseContext: (signal) => Object.assign(context, { signal }) });
      for await (const event of agent.query('one')) void event;
      for await (const event of agent.query('two')) void event;
      await agent.compact('keep the numbers');
      expect(JSON.stringify(server.requests.at(-1)!.body.messages)).toContain('- keep the numbers\\n- keep the branch name');
      await agent.close();
      await agent.close();
      expect(dumped('pre-compact.jsonl')).toEqual([{ ...common, hook_event_name: 'PreCompact', trigger: 'manual', custom_instructions: 'keep the numbers', tokens_before: expect.any(Number) }]);
      expect(dumped('post-compact.jsonl')).toEqual([{ ...common, hook_event_name: 'PostCompact', trigger: 'manual', tokens_before: expect.any(Number), tokens_after: expect.any(Number), summary: 'the summary' }]);
      expect(dumped('session-end.jsonl')).toEqual([{ ...common, hook_event_name: 'SessionEnd', reason: 'close' }]);
    } finally {
      await server.close();
    }
  });
});

describe('command hooks: PreRewind and PostRewind', () => {
  const base = { cwd: root, permissionMode: 'default' as const, signal: new AbortController().signal, sessionId: 'rewound-1', turn: 2, files: true, conversation: true };

  it('get their snake_case input; exit 2 or decision block refuses the rewind with the reason', async () => {
    const reported = reports.length;
    const pre = hook({ event: 'PreRewind', command: script('pre-rewind.sh', 'cat >> pre-rewind.jsonl; echo >> pre-rewind.jsonl; echo "files are being reviewed" >&2; exit 2') });
    expect(await runPreRewindHooks({ ...base, hooks: [pre], changes: ['a.txt', 'src/b.ts'] })).toEqual({ blocked: 'files are being reviewed', failures: [] });
    expect(dumped('pre-rewind.jsonl')).toEqual([{ ...common, hook_event_name: 'PreRewind', rewound_session_id: 'rewound-1', turn: 2, files: true, conversation: true, changes: ['a.txt', 'src/b.ts'] }]);
    const decision = hook({ event: 'PreRewind', command: json({ decision: 'block', reason: 'not on Fridays' }) });
    expect((await runPreRewindHooks({ ...base, hooks: [decision], changes: [] })).blocked).toBe('not on Fridays');
    const silent = hook({ event: 'PreRewind', command: 'cat > /dev/null' });
    expect(await runPreRewindHooks({ ...base, hooks: [silent], changes: [] })).toEqual({ failures: [] });
    const post = hook({ event: 'PostRewind', command: script('post-rewind.sh', 'cat >> post-rewind.jsonl; echo >> post-rewind.jsonl') });
    expect(await runPostRewindHooks({ ...base, hooks: [post], restored: ['a.txt'], kept: [], forkedSessionId: 'fork-1' })).toEqual([]);
    expect(dumped('post-rewind.jsonl')).toEqual([{ ...common, hook_event_name: 'PostRewind', rewound_session_id: 'rewound-1', turn: 2, files: true, conversation: true, restored: ['a.txt'], kept: [], forked_session_id: 'fork-1' }]);
    expect(reports.slice(reported)).toEqual([]);
  });
});
