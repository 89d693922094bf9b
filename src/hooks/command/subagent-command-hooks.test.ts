import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../config/validate-config.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { firstMessageText, runOneSubagent, SUB_PROMPT } from '../../subagents/test-fixtures/subagent-hooks.ts';
import { textReply } from '../../testing/fake-messages-server/fake-reply.ts';
import { createScriptProject, json } from './test-fixtures/command-hooks.ts';
import { toToolHooks } from './to-tool-hooks.ts';

const { root, reports, script, hook } = createScriptProject();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dumped = (name: string) => readFileSync(path.join(root, name), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('command hooks: SubagentStart and SubagentStop', () => {
  it('a start script gets the snake_case input on stdin and its additionalContext reaches the subagent', async () => {
    const output = { hookSpecificOutput: { hookEventName: 'SubagentStart', additionalContext: 'the repo uses pnpm' } };
    const start = hook({ event: 'SubagentStart', matcher: 'Explore', command: script('start.sh', `cat >> start.jsonl; echo >> start.jsonl; echo '${JSON.stringify(output)}'`) });
    const run = await runOneSubagent({ hooks: [start], subReplies: [textReply('found it')], cwd: root });
    expect(dumped('start.jsonl')).toEqual([{
      session_id: 'session-1',
      transcript_path: '',
      cwd: root,
      permission_mode: 'default',
      hook_event_name: 'SubagentStart',
      agent_id: run.output?.agentId,
      agent_type: 'Explore',
    }]);
    expect(firstMessageText(run.subRequests[0]!)).toBe(`${SUB_PROMPT}\n\n<system-reminder>the repo uses pnpm</system-reminder>`);
  });

  it('exit 2 with stderr blocks a stop once; the second call sees stop_hook_active true', async () => {
    const body = 'input=$(cat); echo "$input" >> stop.jsonl; if echo "$input" | grep -q \'"stop_hook_active":false\'; then echo "add a summary line" >&2; exit 2; fi';
    const stop = hook({ event: 'SubagentStop', command: script('stop.sh', body) });
    const run = await runOneSubagent({ hooks: [stop], subReplies: [textReply('draft'), textReply('draft\nSummary: 42')], cwd: root });
    const calls = dumped('stop.jsonl');
    expect(calls).toEqual([
      expect.objectContaining({ hook_event_name: 'SubagentStop', stop_hook_active: false, last_assistant_message: 'draft', agent_type: 'Explore', agent_id: run.output?.agentId }),
      expect.objectContaining({ hook_event_name: 'SubagentStop', stop_hook_active: true, last_assistant_message: 'draft\nSummary: 42' }),
    ]);
    expect(calls[0]).not.toHaveProperty('tool_name');
    expect(run.subRequests).toHaveLength(2);
    expect(run.subRequests[1]!.body.messages!.at(-1)).toEqual({ role: 'user', content: 'add a summary line' });
    expect(run.report).toContain('Summary: 42');
  });

  it('JSON decision block keeps the subagent going; continue: false wins over it; a failing script does not block', async () => {
    const marker = path.join(root, 'blocked-once');
    const block = hook({ event: 'SubagentStop', command: script('stop-json.sh', `cat >/dev/null; [ -e "${marker}" ] && exit 0; touch "${marker}"; echo '${JSON.stringify({ decision: 'block', reason: 'verify the claim' })}'`) });
    const blocked = await runOneSubagent({ hooks: [block], subReplies: [textReply('claim'), textReply('verified')], cwd: root });
    expect(blocked.subRequests.map((request) => request.body.messages!.at(-1)!.content)).toEqual([SUB_PROMPT, 'verify the claim']);

    reports.length = 0;
    const stopped = hook({ event: 'SubagentStop', command: script('stop-continue.sh', json({ decision: 'block', reason: 'ignored', continue: false })) });
    const failing = hook({ event: 'SubagentStop', name: 'flaky', command: 'cat >/dev/null; echo "crashed" >&2; exit 1' });
    const ended = await runOneSubagent({ hooks: [stopped, failing], subReplies: [textReply('only turn')], cwd: root });
    expect(ended.subRequests).toHaveLength(1);
    expect(ended.report).toContain('only turn');
    expect(reports).toEqual(['flaky hook error: Failed with non-blocking status code 1: crashed']);
  });

  it('exit 2 cannot block SubagentStart: it is reported and the subagent starts', async () => {
    reports.length = 0;
    const start = hook({ event: 'SubagentStart', name: 'gate', command: 'cat >/dev/null; echo "no agents today" >&2; exit 2' });
    const run = await runOneSubagent({ hooks: [start], subReplies: [textReply('ran anyway')], cwd: root });
    expect(run.report).toContain('ran anyway');
    expect(reports).toEqual(['gate hook error: exit code 2 does not block SubagentStart: no agents today']);
  });
});

describe('subagent command hooks in the config', () => {
  it('accepts SubagentStart and SubagentStop in the flat and the nested shape', () => {
    const flat = validateConfig({ value: { hooks: [{ event: 'SubagentStop', matcher: 'Explore', command: './stop.sh' }] } });
    expect(flat.hooks).toEqual([{ event: 'SubagentStop', matcher: 'Explore', command: './stop.sh' }]);
    const nested = validateConfig({ value: { hooks: { SubagentStart: [{ matcher: 'Plan', hooks: [{ type: 'command', command: './start.sh', timeout: 5 }] }], SubagentStop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }] } } });
    expect(nested.hooks).toEqual([
      { event: 'SubagentStart', matcher: 'Plan', command: './start.sh', timeout: 5 },
      { event: 'SubagentStop', command: './stop.sh' },
    ]);
    const [start] = toToolHooks(nested.hooks, { projectDir: root });
    expect(start).toMatchObject({ event: 'SubagentStart', matcher: 'Plan' });
    expect([start!.matches('Plan'), start!.matches('Explore')]).toEqual([true, false]);
  });

  it('still rejects an unknown event with CONFIG_INVALID naming the field', () => {
    const field = (value: unknown) => { try { validateConfig({ value: { hooks: value } }); } catch (error) { return CodevError.isInstance(error) && error.code === 'CONFIG_INVALID' ? error.field : 'other'; } return 'none'; };
    expect(field([{ event: 'SubagentFinish', command: 'true' }])).toBe('hooks[0].event');
    expect(field({ SubagentStart: [{ hooks: [{ type: 'command', command: 'true' }] }], TeammateIdle: [] })).toBe('hooks.TeammateIdle');
  });
});
