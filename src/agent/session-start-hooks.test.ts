import { describe, expect, it } from 'vitest';
import { defineHook } from '../hooks/define-hook.ts';
import type { SessionStartInput } from '../hooks/types.ts';
import { runOneSubagent } from '../subagents/test-fixtures/subagent-hooks.ts';
import { textReply } from '../testing/fake-messages-server/fake-reply.ts';
import { lastMessage, runQuery } from './test-fixtures/session-hooks.ts';

const reminder = (text: string) => ({ type: 'text', text: `<system-reminder>${text}</system-reminder>` });

describe('SessionStart hooks', () => {
  it('run once per agent, before the prompt hooks; their context joins the first prompt only', async () => {
    const order: string[] = [];
    const seen: SessionStartInput[] = [];
    const session = defineHook({ event: 'SessionStart', handler: (input) => (order.push('SessionStart'), seen.push(input), { additionalContext: 'this repo uses pnpm' }) });
    const blank = defineHook({ event: 'SessionStart', handler: () => ({ additionalContext: ' ' }) });
    const prompt = defineHook({ event: 'UserPromptSubmit', handler: () => (order.push('UserPromptSubmit'), { additionalContext: 'branch: main' }) });
    const run = await runQuery({ hooks: [session, blank, prompt], prompts: ['fix the bug', 'and the next one'], replies: [textReply('fixed'), textReply('done too')] });
    expect(order).toEqual(['SessionStart', 'UserPromptSubmit', 'UserPromptSubmit']);
    expect(seen).toEqual([{ hookEventName: 'SessionStart', source: 'startup', model: expect.any(String), cwd: expect.any(String), permissionMode: 'default', signal: expect.any(AbortSignal) }]);
    expect(run.requests).toHaveLength(2);
    expect(run.requests[0]!.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'fix the bug' }, reminder('this repo uses pnpm'), reminder('branch: main')] }]);
    expect(lastMessage(run.requests[1]!)).toEqual({ role: 'user', content: [{ type: 'text', text: 'and the next one' }, reminder('branch: main')] });
    expect(JSON.stringify(run.requests[1]!.body.messages).split('this repo uses pnpm')).toHaveLength(2);
  });

  it('the matcher tests the source, which is startup', async () => {
    const ran: string[] = [];
    const hooks = ['startup', 'resume|clear|compact', 'start.*', '*', 'up'].map((matcher) => defineHook({ event: 'SessionStart', matcher, handler: () => void ran.push(matcher) }));
    await runQuery({ hooks });
    expect(ran).toEqual(['startup', 'start.*', '*']);
  });

  it('a failing hook is a warning, never fatal; a blocked first prompt keeps the context for the next query', async () => {
    const broken = defineHook({ event: 'SessionStart', name: 'broken', handler: () => { throw new Error('no git'); } });
    const slow = defineHook({ event: 'SessionStart', name: 'slow', timeout: 20, handler: () => new Promise(() => {}) });
    const context = defineHook({ event: 'SessionStart', handler: () => ({ additionalContext: 'read CONTRIBUTING.md' }) });
    const gate = defineHook({ event: 'UserPromptSubmit', handler: ({ prompt }) => (prompt.includes('secret') ? { block: true, reason: 'no secrets' } : undefined) });
    const run = await runQuery({ hooks: [broken, slow, context, gate], prompts: ['the secret is 42', 'fix the bug'] });
    expect(run.warnings).toEqual([expect.stringContaining("Hook 'broken' failed: no git"), expect.stringContaining("Hook 'slow' did not answer within 20 ms")]);
    expect(run.events.filter((event) => event.type === 'end').map((event) => event.type === 'end' && event.reason)).toEqual(['blocked', 'end_turn']);
    expect(run.requests).toHaveLength(1);
    expect(run.requests[0]!.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'fix the bug' }, reminder('read CONTRIBUTING.md')] }]);
  });

  it('do not run in a subagent', async () => {
    const agents: (string | undefined)[] = [];
    const session = defineHook({ event: 'SessionStart', handler: (input) => void agents.push(input.model) });
    const run = await runOneSubagent({ hooks: [session], subReplies: [textReply('found it')] });
    expect(run.report).toContain('found it');
    expect(agents).toHaveLength(1);
  });
});
