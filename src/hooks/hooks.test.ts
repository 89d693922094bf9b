import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import { buildTool } from '../tool/build-tool.ts';
import { defineHook } from './define-hook.ts';
import { compileHookMatcher } from './hook-matcher.ts';

const received: Record<string, unknown>[] = [];
const note = buildTool({
  name: 'Note',
  description: 'Store a note',
  inputSchema: z.object({ text: z.string(), tags: z.array(z.string()).default([]) }),
  outputSchema: z.object({ stored: z.string() }),
  call: (input) => { received.push(input); return { data: { stored: input.text } }; },
  mapToolResultToToolResultBlockParam: (output, id) => ({ type: 'tool_result', tool_use_id: id, content: `stored: ${output.stored}` }),
});
const mcpLike = buildTool({ name: 'mcp__srv__get', description: 'd', inputSchema: z.object({}), isMcp: true, call: () => ({ data: 'raw' }) });
const tools = [note, mcpLike];
const allow = () => ({ behavior: 'allow' as const });

describe('hook matchers', () => {
  it('matches all, exact lists, and anchored regular expressions', () => {
    expect(compileHookMatcher(undefined)('Anything')).toBe(true);
    expect(compileHookMatcher('*')('Bash')).toBe(true);
    expect(compileHookMatcher('Bash|Edit')('Edit')).toBe(true);
    expect(compileHookMatcher('Bash, Edit')('Edit')).toBe(true);
    expect(compileHookMatcher('Bash|Edit')('NotebookEdit')).toBe(false);
    expect(compileHookMatcher('Edit.*')('NotebookEdit')).toBe(false);
    expect(compileHookMatcher('.*Edit')('NotebookEdit')).toBe(true);
    expect(compileHookMatcher('mcp__srv__.*')('mcp__srv__get')).toBe(true);
  });

  it('rejects bad definitions with HOOK_INVALID', () => {
    const code = (run: () => unknown) => { try { run(); } catch (error) { return CodevError.isInstance(error) ? error.code : 'other'; } return 'none'; };
    expect(code(() => defineHook({ event: 'Nope' as never, handler: () => undefined }))).toBe('HOOK_INVALID');
    expect(code(() => defineHook({ event: 'PreToolUse', handler: 1 as never }))).toBe('HOOK_INVALID');
    expect(code(() => defineHook({ event: 'PreToolUse', matcher: '(', handler: () => undefined }))).toBe('HOOK_INVALID');
    expect(code(() => defineHook({ event: 'PreToolUse', timeout: -1, handler: () => undefined }))).toBe('HOOK_INVALID');
  });
});

describe('PreToolUse', () => {
  it('applies updated inputs in order and validates the result again', async () => {
    const first = defineHook({ event: 'PreToolUse', matcher: 'Note', handler: ({ toolInput }) => ({ updatedInput: { ...toolInput, text: `${toolInput.text}!` } }) });
    const second = defineHook({ event: 'PreToolUse', handler: ({ toolInput }) => ({ updatedInput: { ...toolInput, tags: ['seen'] } }) });
    const { result } = await runTool({ name: 'Note', input: { text: 'hi' }, context: createTestContext({ tools, hooks: [first, second] }) });
    expect(result.status).toBe('ok');
    expect(received.at(-1)).toEqual({ text: 'hi!', tags: ['seen'] });
    const broken = defineHook({ event: 'PreToolUse', handler: () => ({ updatedInput: { text: 5 } }) });
    const invalid = await runTool({ name: 'Note', input: { text: 'hi' }, context: createTestContext({ tools, hooks: [broken] }) });
    expect(invalid.result.status).toBe('invalid-input');
    expect(resultText(invalid.result)).toContain('A PreToolUse hook rewrote the input');
  });

  it('merges decisions deny > ask > allow, and a hook allow never beats a deny or ask rule', async () => {
    const allowHook = defineHook({ event: 'PreToolUse', name: 'allow-all', handler: () => ({ decision: 'allow' }) });
    const askHook = defineHook({ event: 'PreToolUse', name: 'ask', handler: () => ({ decision: 'ask', reason: 'double-check' }) });
    const denyHook = defineHook({ event: 'PreToolUse', name: 'deny', handler: () => ({ decision: 'deny', reason: 'nope' }) });
    const deniedByHook = await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [allowHook, denyHook, askHook] }), canUseTool: allow });
    expect(deniedByHook.result.decision).toMatchObject({ behavior: 'deny', source: 'hook' });
    expect(resultText(deniedByHook.result)).toBe("Hook 'deny' blocked this action: nope");
    let asked = 0;
    const asking = await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [allowHook, askHook] }), canUseTool: () => { asked++; return { behavior: 'allow' }; } });
    expect(asking.result.status).toBe('ok');
    expect(asked).toBe(1);
    const ruleDeny = await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [allowHook], deny: ['Note'] }) });
    expect(ruleDeny.result.decision).toMatchObject({ behavior: 'deny', source: 'config' });
    const ruleAsk = await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [allowHook], ask: ['Note'] }) });
    expect(ruleAsk.result.status).toBe('denied');
    const checkAsks = buildTool({ name: 'Careful', description: 'd', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'passthrough' }), call: () => ({ data: 'ok' }) });
    const hookAllowed = await runTool({ name: 'Careful', context: createTestContext({ tools: [checkAsks], hooks: [allowHook] }) });
    expect(hookAllowed.result.decision).toMatchObject({ behavior: 'allow', source: 'hook' });
  });

  it('a stop ends the call; a throwing or slow hook blocks it', async () => {
    const stop = defineHook({ event: 'PreToolUse', name: 'stopper', handler: () => ({ stop: true, stopReason: 'enough' }) });
    const stopped = await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [stop] }) });
    expect(stopped.result.status).toBe('stopped');
    expect(stopped.result.preventContinuation).toBe(true);
    expect(resultText(stopped.result)).toBe("Execution stopped by PreToolUse hook 'stopper': enough");
    const throwing = defineHook({ event: 'PreToolUse', handler: () => { throw new Error('guard crashed'); } });
    expect((await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [throwing] }) })).result.status).toBe('denied');
    const slow = defineHook({ event: 'PreToolUse', timeout: 20, handler: () => new Promise<undefined>(() => {}) });
    const timedOut = await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [slow] }) });
    expect(timedOut.result.status).toBe('denied');
    expect(resultText(timedOut.result)).toContain('did not answer within 20 ms');
  });

  it('does not run for other tools and adds context for the model', async () => {
    const context = defineHook({ event: 'PreToolUse', matcher: 'Note', handler: () => ({ additionalContext: 'remember the style guide' }) });
    const { result } = await runTool({ name: 'mcp__srv__get', context: createTestContext({ tools, hooks: [context] }) });
    expect(resultText(result)).toBe('raw');
    const noted = await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [context] }) });
    expect(resultText(noted.result)).toContain('<system-reminder>remember the style guide</system-reminder>');
  });
});

describe('PostToolUse', () => {
  it('replaces MCP output freely and other output only when it matches outputSchema', async () => {
    const replace = defineHook({ event: 'PostToolUse', handler: ({ toolName }) => ({ updatedOutput: toolName === 'Note' ? { stored: 'redacted' } : 'filtered' }) });
    const warnings: string[] = [];
    const context = createTestContext({ tools, hooks: [replace] });
    context.onWarning = (message) => warnings.push(message);
    expect(resultText((await runTool({ name: 'mcp__srv__get', context })).result)).toBe('filtered');
    expect(resultText((await runTool({ name: 'Note', input: { text: 'secret' }, context })).result)).toBe('stored: redacted');
    const wrongShape = defineHook({ event: 'PostToolUse', handler: () => ({ updatedOutput: 'not an object' }) });
    const kept = createTestContext({ tools, hooks: [wrongShape] });
    kept.onWarning = (message) => warnings.push(message);
    expect(resultText((await runTool({ name: 'Note', input: { text: 'secret' }, context: kept })).result)).toBe('stored: secret');
    expect(warnings.some((message) => message.includes('does not match'))).toBe(true);
  });

  it('a failing post hook never changes the result; block adds feedback; stop prevents continuation', async () => {
    const failing = defineHook({ event: 'PostToolUse', handler: () => { throw new Error('audit down'); } });
    const feedback = defineHook({ event: 'PostToolUse', handler: () => ({ block: true, reason: 'lint failed' }) });
    const stop = defineHook({ event: 'PostToolUse', handler: () => ({ stop: true, stopReason: 'budget' }) });
    const { result } = await runTool({ name: 'Note', input: { text: 'x' }, context: createTestContext({ tools, hooks: [failing, feedback, stop] }) });
    expect(result.status).toBe('ok');
    expect(resultText(result)).toContain('stored: x');
    expect(resultText(result)).toContain('lint failed');
    expect(result.preventContinuation).toBe(true);
  });
});
