import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { defineHook } from '../hooks/define-hook.ts';
import type { SubagentStartInput, SubagentStopInput } from '../hooks/types.ts';
import { textReply } from '../testing/fake-messages-server/fake-reply.ts';
import { MAX_STOP_HOOK_BLOCKS as MAX_SUBAGENT_STOP_BLOCKS } from '../hooks/run-stop-hooks.ts';
import { firstMessageText, runOneSubagent, SUB_PROMPT } from './test-fixtures/subagent-hooks.ts';

const lastMessage = (request: { body: { messages?: { role: string; content: unknown }[] } }) => request.body.messages?.at(-1);

describe('SubagentStart hooks', () => {
  it('see the agent id and type, and their additionalContext reaches the subagent with its prompt', async () => {
    const seen: SubagentStartInput[] = [];
    const start = defineHook({ event: 'SubagentStart', matcher: 'Explore', handler: (input) => { seen.push(input); return { additionalContext: 'follow the style guide' }; } });
    const second = defineHook({ event: 'SubagentStart', handler: () => ({ additionalContext: 'be brief' }) });
    const run = await runOneSubagent({ hooks: [start, second], subReplies: [textReply('The answer is 42.')] });
    expect(seen).toEqual([expect.objectContaining({ hookEventName: 'SubagentStart', agentType: 'Explore', agentId: run.output?.agentId, permissionMode: 'default' })]);
    expect(run.output?.agentId).toEqual(expect.any(String));
    expect(run.subRequests).toHaveLength(1);
    expect(firstMessageText(run.subRequests[0]!)).toBe(`${SUB_PROMPT}\n\n<system-reminder>follow the style guide</system-reminder>\n\n<system-reminder>be brief</system-reminder>`);
    expect(run.subRequests[0]!.body.system).not.toContain('follow the style guide');
    expect(run.report).toContain('The answer is 42.');
  });

  it('run only for the agent types their matcher takes', async () => {
    const seen: string[] = [];
    const planOnly = defineHook({ event: 'SubagentStart', matcher: 'Plan|general-purpose', handler: () => { seen.push('plan'); return { additionalContext: 'plan context' }; } });
    const regex = defineHook({ event: 'SubagentStart', matcher: 'Exp.*', handler: () => void seen.push('regex') });
    const stopForPlan = defineHook({ event: 'SubagentStop', matcher: 'Plan', handler: () => ({ block: true, reason: 'never for Explore' }) });
    const run = await runOneSubagent({ hooks: [planOnly, regex, stopForPlan], subReplies: [textReply('report')] });
    expect(seen).toEqual(['regex']);
    expect(firstMessageText(run.subRequests[0]!)).toBe(SUB_PROMPT);
    expect(run.subRequests).toHaveLength(1);
  });

  it('a hook that throws or times out is reported and the subagent runs anyway', async () => {
    const throwing = defineHook({ event: 'SubagentStart', name: 'broken-start', handler: () => { throw new Error('policy server down'); } });
    const slow = defineHook({ event: 'SubagentStop', name: 'slow-stop', timeout: 20, handler: () => new Promise(() => {}) });
    const run = await runOneSubagent({ hooks: [throwing, slow], subReplies: [textReply('still done')] });
    expect(run.report).toContain('still done');
    expect(run.output?.endReason).toBe('end_turn');
    expect(run.warnings).toEqual([expect.stringContaining("Hook 'broken-start' failed: policy server down"), expect.stringContaining("Hook 'slow-stop' did not answer within 20 ms")]);
  });
});

describe('SubagentStop hooks', () => {
  it('a block sends the reason as the next user message and the subagent runs another turn', async () => {
    const seen: SubagentStopInput[] = [];
    const stop = defineHook({
      event: 'SubagentStop',
      matcher: 'Explore',
      handler: (input) => {
        seen.push(input);
        return input.stopHookActive ? undefined : { block: true, reason: 'also check the tests' };
      },
    });
    const run = await runOneSubagent({ hooks: [stop], subReplies: [textReply('draft report'), textReply('final report with tests')] });
    expect(seen.map(({ stopHookActive, lastAssistantMessage, agentType, hookEventName }) => ({ stopHookActive, lastAssistantMessage, agentType, hookEventName }))).toEqual([
      { stopHookActive: false, lastAssistantMessage: 'draft report', agentType: 'Explore', hookEventName: 'SubagentStop' },
      { stopHookActive: true, lastAssistantMessage: 'final report with tests', agentType: 'Explore', hookEventName: 'SubagentStop' },
    ]);
    expect(seen[0]!.agentId).toBe(run.output?.agentId);
    expect(run.subRequests).toHaveLength(2);
    const second = run.subRequests[1]!.body.messages!;
    expect(second.slice(-2)).toEqual([{ role: 'assistant', content: [expect.objectContaining({ type: 'text', text: 'draft report' })] }, { role: 'user', content: 'also check the tests' }]);
    expect(second[0]).toEqual({ role: 'user', content: SUB_PROMPT });
    expect(run.report).toContain('final report with tests');
    expect(run.report).not.toContain('draft report');
    expect(run.warnings).toEqual([]);
  });

  it(`ends the subagent anyway after ${MAX_SUBAGENT_STOP_BLOCKS} blocks in a row, with a note and no error`, async () => {
    let calls = 0;
    const stubborn = defineHook({ event: 'SubagentStop', handler: () => ({ block: true, reason: `keep going ${++calls}` }) });
    const replies = Array.from({ length: 12 }, (_, turn) => textReply(`turn ${turn}`));
    const run = await runOneSubagent({ hooks: [stubborn], subReplies: replies });
    expect(MAX_SUBAGENT_STOP_BLOCKS).toBe(8);
    expect(calls).toBe(MAX_SUBAGENT_STOP_BLOCKS + 1);
    expect(run.subRequests).toHaveLength(MAX_SUBAGENT_STOP_BLOCKS + 1);
    expect(lastMessage(run.subRequests.at(-1)!)).toEqual({ role: 'user', content: `keep going ${MAX_SUBAGENT_STOP_BLOCKS}` });
    expect(run.output?.endReason).toBe('end_turn');
    expect(run.report).toContain(`turn ${MAX_SUBAGENT_STOP_BLOCKS}`);
    expect(run.warnings).toEqual([expect.stringContaining(`${MAX_SUBAGENT_STOP_BLOCKS} times in a row`)]);
    expect(run.output?.notes).toEqual([expect.stringContaining(`${MAX_SUBAGENT_STOP_BLOCKS} times in a row`)]);
    expect(run.report).toContain('times in a row; it ended anyway.]');
  });

  it('reasons of several blocking hooks reach the subagent together; a block without a reason names its hook', async () => {
    let round = 0;
    const first = defineHook({ event: 'SubagentStop', handler: () => (round++ === 0 ? { block: true, reason: 'cite files' } : undefined) });
    const second = defineHook({ event: 'SubagentStop', name: 'terse', handler: ({ stopHookActive }) => (stopHookActive ? undefined : { block: true }) });
    const run = await runOneSubagent({ hooks: [first, second], subReplies: [textReply('one'), textReply('two')] });
    expect(lastMessage(run.subRequests[1]!)).toEqual({ role: 'user', content: "cite files\n\nHook 'terse' asked you to continue." });
    expect(run.report).toContain('two');
  });
});

describe('defineHook with subagent events', () => {
  it('accepts SubagentStart and SubagentStop and still rejects an unknown event with HOOK_INVALID', () => {
    expect(defineHook({ event: 'SubagentStop', matcher: 'Explore', handler: () => undefined }).matches('Explore')).toBe(true);
    expect(defineHook({ event: 'SubagentStart', matcher: 'Explore', handler: () => undefined }).matches('Plan')).toBe(false);
    let caught: unknown;
    try {
      defineHook({ event: 'SubagentFinish' as never, handler: () => undefined });
    } catch (error) {
      caught = error;
    }
    expect(CodevError.isInstance(caught) && { code: caught.code, field: caught.field }).toEqual({ code: 'HOOK_INVALID', field: 'event' });
  });
});
