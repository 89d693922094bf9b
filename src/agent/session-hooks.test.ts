import { describe, expect, it } from 'vitest';
import { defineHook } from '../hooks/define-hook.ts';
import { MAX_STOP_HOOK_BLOCKS } from '../hooks/run-stop-hooks.ts';
import type { StopInput, UserPromptSubmitInput } from '../hooks/types.ts';
import { runOneSubagent } from '../subagents/test-fixtures/subagent-hooks.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import { echoTool, requestsOf, serveConversations } from '../tools/Agent/test-fixtures/agent.ts';
import { createAgentTool } from '../tools/Agent/create-agent-tool.ts';
import { createAgent } from './create-agent.ts';
import { lastMessage, runQuery } from './test-fixtures/session-hooks.ts';

const ends = (run: { events: { type: string }[] }) => run.events.filter((event) => event.type === 'end');

describe('UserPromptSubmit hooks', () => {
  it('a block ends the query without a model request: a prompt-blocked event, end reason blocked, no transcript', async () => {
    const seen: UserPromptSubmitInput[] = [];
    const gate = defineHook({ event: 'UserPromptSubmit', name: 'no-secrets', handler: (input) => (seen.push(input), { block: true, reason: 'the prompt mentions a password' }) });
    const logger = defineHook({ event: 'UserPromptSubmit', handler: (input) => void seen.push(input) });
    const run = await runQuery({ hooks: [gate, logger], prompt: 'my password is hunter2' });
    expect(run.requests).toHaveLength(0);
    expect(run.events).toEqual([
      { type: 'prompt-blocked', reason: 'the prompt mentions a password', hookName: 'no-secrets' },
      expect.objectContaining({ type: 'end', reason: 'blocked', turns: 0, messages: [] }),
    ]);
    expect(run.messages).toEqual([]);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({ hookEventName: 'UserPromptSubmit', prompt: 'my password is hunter2', cwd: expect.any(String), permissionMode: 'default', signal: expect.any(AbortSignal) });
  });

  it('additionalContext reaches the first request as system reminders after the prompt', async () => {
    const first = defineHook({ event: 'UserPromptSubmit', handler: ({ prompt }) => ({ additionalContext: `branch for "${prompt}": main` }) });
    const empty = defineHook({ event: 'UserPromptSubmit', handler: () => ({ additionalContext: '  ' }) });
    const second = defineHook({ event: 'UserPromptSubmit', handler: () => ({ additionalContext: 'tests: npm test' }) });
    const run = await runQuery({ hooks: [first, empty, second], replies: [textReply('on it')] });
    expect(run.requests).toHaveLength(1);
    expect(run.requests[0]!.body.messages).toEqual([{ role: 'user', content: [
      { type: 'text', text: 'fix the bug' },
      { type: 'text', text: '<system-reminder>branch for "fix the bug": main</system-reminder>' },
      { type: 'text', text: '<system-reminder>tests: npm test</system-reminder>' },
    ] }]);
    expect(ends(run)).toEqual([expect.objectContaining({ reason: 'end_turn' })]);
  });

  it('ignore a matcher: a hook with one runs for every prompt', async () => {
    const calls: string[] = [];
    const prompt = defineHook({ event: 'UserPromptSubmit', matcher: 'Bash', handler: () => void calls.push('prompt') });
    const stop = defineHook({ event: 'Stop', matcher: 'Nothing.*', handler: () => void calls.push('stop') });
    const run = await runQuery({ hooks: [prompt, stop] });
    expect(calls).toEqual(['prompt', 'stop']);
    expect(run.requests[0]!.body.messages).toEqual([{ role: 'user', content: 'fix the bug' }]);
  });

  it('a hook that throws or times out is a warning, never fatal', async () => {
    const broken = defineHook({ event: 'UserPromptSubmit', name: 'broken', handler: () => { throw new Error('policy server down'); } });
    const slow = defineHook({ event: 'Stop', name: 'slow', timeout: 20, handler: () => new Promise(() => {}) });
    const run = await runQuery({ hooks: [broken, slow], replies: [textReply('done')] });
    expect(run.requests).toHaveLength(1);
    expect(ends(run)).toEqual([expect.objectContaining({ reason: 'end_turn', turns: 1 })]);
    expect(run.warnings).toEqual([expect.stringContaining("Hook 'broken' failed: policy server down"), expect.stringContaining("Hook 'slow' did not answer within 20 ms")]);
  });
});

describe('Stop hooks', () => {
  it('a block sends the reason as the next user message and the agent runs another turn, then sees stopHookActive', async () => {
    const seen: StopInput[] = [];
    const stop = defineHook({ event: 'Stop', handler: (input) => (seen.push(input), input.stopHookActive ? undefined : { block: true, reason: 'run the tests first' }) });
    const run = await runQuery({ hooks: [stop], replies: [textReply('fixed'), textReply('fixed and tested')] });
    expect(seen.map(({ hookEventName, stopHookActive, lastAssistantMessage }) => ({ hookEventName, stopHookActive, lastAssistantMessage }))).toEqual([
      { hookEventName: 'Stop', stopHookActive: false, lastAssistantMessage: 'fixed' },
      { hookEventName: 'Stop', stopHookActive: true, lastAssistantMessage: 'fixed and tested' },
    ]);
    expect(run.requests).toHaveLength(2);
    expect(run.requests[1]!.body.messages!.slice(-2)).toEqual([{ role: 'assistant', content: [expect.objectContaining({ text: 'fixed' })] }, { role: 'user', content: 'run the tests first' }]);
    expect(ends(run)).toEqual([expect.objectContaining({ reason: 'end_turn', turns: 2 })]);
    expect(run.warnings).toEqual([]);
  });

  it(`ends anyway after ${MAX_STOP_HOOK_BLOCKS} blocks in a row, with a warning; blocks count against maxTurns`, async () => {
    let calls = 0;
    const stubborn = defineHook({ event: 'Stop', handler: () => ({ block: true, reason: `keep going ${++calls}` }) });
    const run = await runQuery({ hooks: [stubborn] });
    expect(MAX_STOP_HOOK_BLOCKS).toBe(8);
    expect(calls).toBe(MAX_STOP_HOOK_BLOCKS + 1);
    expect(run.requests).toHaveLength(MAX_STOP_HOOK_BLOCKS + 1);
    expect(lastMessage(run.requests.at(-1)!)).toEqual({ role: 'user', content: `keep going ${MAX_STOP_HOOK_BLOCKS}` });
    expect(ends(run)).toEqual([expect.objectContaining({ reason: 'end_turn', turns: MAX_STOP_HOOK_BLOCKS + 1 })]);
    expect(run.warnings).toEqual([expect.stringContaining(`${MAX_STOP_HOOK_BLOCKS} times in a row`)]);

    const limited = await runQuery({ hooks: [stubborn], maxTurns: 2 });
    expect(limited.requests).toHaveLength(2);
    expect(ends(limited)).toEqual([expect.objectContaining({ reason: 'max_turns', turns: 2 })]);
  });

  it('a stop answer wins over another hook’s block; reasons of several blocking hooks arrive together', async () => {
    const block = defineHook({ event: 'Stop', handler: ({ stopHookActive }) => (stopHookActive ? undefined : { block: true, reason: 'cite files' }) });
    const stop = defineHook({ event: 'Stop', handler: () => ({ stop: true }) });
    const stopped = await runQuery({ hooks: [block, stop] });
    expect(stopped.requests).toHaveLength(1);
    const terse = defineHook({ event: 'Stop', name: 'terse', handler: ({ stopHookActive }) => (stopHookActive ? undefined : { block: true }) });
    const both = await runQuery({ hooks: [block, terse] });
    expect(lastMessage(both.requests[1]!)).toEqual({ role: 'user', content: "cite files\n\nHook 'terse' asked you to continue." });
  });

  it('do not run inside a subagent, which ends normally; only SubagentStop applies there', async () => {
    const stops: StopInput[] = [];
    const subagentStops: string[] = [];
    const always = defineHook({ event: 'Stop', handler: (input) => (stops.push(input), { block: true, reason: 'never done' }) });
    const subagentStop = defineHook({ event: 'SubagentStop', handler: ({ lastAssistantMessage }) => void subagentStops.push(String(lastAssistantMessage)) });
    const run = await runOneSubagent({ hooks: [always, subagentStop], subReplies: [textReply('found it')] });
    expect(run.subRequests).toHaveLength(1);
    expect(run.output?.endReason).toBe('end_turn');
    expect(run.report).toContain('found it');
    expect(subagentStops).toEqual(['found it']);
    // Every Stop run was the main agent's, after its own final turn ("done").
    expect(stops.length).toBe(MAX_STOP_HOOK_BLOCKS + 1);
    expect(new Set(stops.map((input) => input.lastAssistantMessage))).toEqual(new Set(['done']));
  });

  it('with waitForBackgroundAgents, run once the background subagents have reported, not at the turn that waits', async () => {
    const main = 'main task';
    const launch = toolUseReply('Agent', { description: 'Background job', prompt: 'background work', run_in_background: true });
    const server = await serveConversations({ [main]: [launch, textReply('I will wait for it.'), textReply('The job reported back.')], 'background work': [textReply('background report')] });
    const messages: (string | undefined)[] = [];
    const stop = defineHook({ event: 'Stop', handler: ({ lastAssistantMessage }) => void messages.push(lastAssistantMessage) });
    const context = createTestContext({ tools: [createAgentTool(), echoTool], hooks: [stop] });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, waitForBackgroundAgents: true, createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const events = [];
    for await (const event of agent.query(main)) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 3 });
    expect(requestsOf(server, main)).toHaveLength(3);
    expect(messages).toEqual(['The job reported back.']);
  });
});
