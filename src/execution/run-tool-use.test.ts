import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { defineHook } from '../hooks/define-hook.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import { buildTool } from '../tool/build-tool.ts';
import { CANCEL_MESSAGE } from './messages.ts';

const calls: unknown[] = [];
const echo = buildTool({
  name: 'Echo',
  aliases: ['Say'],
  description: 'Repeat a message',
  inputSchema: z.strictObject({ message: z.string(), times: z.number().int().min(1).default(1) }),
  validateInput: async ({ message }) => (message === 'forbidden' ? { result: false, message: 'That message is not allowed.' } : { result: true }),
  async call(input) {
    calls.push(input);
    return { data: input.message.repeat(input.times) };
  },
});
const boom = buildTool({ name: 'Boom', description: 'Throws', inputSchema: z.object({}), call: () => { throw new Error('kaboom'); } });
const progressTool = buildTool({
  name: 'Slow',
  description: 'Reports progress',
  inputSchema: z.object({ steps: z.number() }),
  async call({ steps }, { onProgress }) {
    for (let step = 1; step <= steps; step++) {
      onProgress({ type: 'bash_progress', output: `step ${step}`, elapsedTimeSeconds: step, totalLines: step, totalBytes: step });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return { data: 'done' };
  },
});
const agent = buildTool({ name: 'Agent', description: 'Subagent', inputSchema: z.object({ prompt: z.string() }), call: ({ prompt }) => ({ data: `ran ${prompt}` }) });

const failing = buildTool({
  name: 'Fails',
  description: 'Returns a failure without throwing, as Bash does for a non-zero exit',
  inputSchema: z.object({}),
  call: () => ({ data: 'Exit code 2' }),
  mapToolResultToToolResultBlockParam: (data, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: data, is_error: true }),
});

const tools = [echo, boom, progressTool, agent, failing];

describe('runToolUse lifecycle', () => {
  it('runs a valid call and yields one ok result', async () => {
    const { result } = await runTool({ name: 'Echo', input: { message: 'ab', times: 2 }, context: createTestContext({ tools }) });
    expect(result.status).toBe('ok');
    expect(result.isError).toBe(false);
    expect(result.block).toEqual({ type: 'tool_result', tool_use_id: result.toolUseId, content: 'abab' });
    expect(result.decision).toMatchObject({ behavior: 'allow', source: 'config' });
  });

  it('reports a failure the tool returns in its block as an error result, keeping the output', async () => {
    const { result } = await runTool({ name: 'Fails', context: createTestContext({ tools }) });
    expect(result.status).toBe('ok');
    expect(result.isError).toBe(true);
    expect(result.output).toBe('Exit code 2');
  });

  it('finds tools by alias and by legacy name', async () => {
    const context = createTestContext({ tools });
    expect((await runTool({ name: 'Say', input: { message: 'x' }, context })).result.status).toBe('ok');
    const legacy = await runTool({ name: 'Task', input: { prompt: 'p' }, context });
    expect(legacy.result.status).toBe('ok');
    expect(legacy.result.toolName).toBe('Agent');
  });

  it('answers an unknown tool with a tool_use_error', async () => {
    const { result } = await runTool({ name: 'Nope', context: createTestContext({ tools }) });
    expect(result.status).toBe('not-found');
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe('<tool_use_error>Error: No such tool available: Nope</tool_use_error>');
  });

  it('does not start a call after an interrupt', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result } = await runTool({ name: 'Echo', input: { message: 'x' }, context: createTestContext({ tools, signal: controller.signal }) });
    expect(result.status).toBe('cancelled');
    expect(resultText(result)).toBe(CANCEL_MESSAGE);
  });

  it('names each bad parameter in a validation error', async () => {
    const { result } = await runTool({ name: 'Echo', input: { times: 'two', extra: 1 }, context: createTestContext({ tools }) });
    expect(result.status).toBe('invalid-input');
    const text = resultText(result);
    expect(text).toContain('InputValidationError: Echo failed due to the following issue(s):');
    expect(text).toContain('The required parameter `message` is missing');
    expect(text).toContain('The parameter `times` type is expected as `number` but provided as `string`');
    expect(text).toContain('An unexpected parameter `extra` was provided');
  });

  it('stops at validateInput with the tool message', async () => {
    const before = calls.length;
    const { result } = await runTool({ name: 'Echo', input: { message: 'forbidden' }, context: createTestContext({ tools }) });
    expect(result.status).toBe('invalid-input');
    expect(resultText(result)).toBe('<tool_use_error>That message is not allowed.</tool_use_error>');
    expect(calls.length).toBe(before);
  });

  it('turns a throwing tool into an error result and runs PostToolUseFailure hooks', async () => {
    const seen: string[] = [];
    const hook = defineHook({ event: 'PostToolUseFailure', handler: ({ error }) => { seen.push(error); return { additionalContext: 'check the logs' }; } });
    const { result } = await runTool({ name: 'Boom', context: createTestContext({ tools, hooks: [hook] }) });
    expect(result.status).toBe('error');
    expect(resultText(result)).toContain('<tool_use_error>Error: kaboom</tool_use_error>');
    expect(resultText(result)).toContain('<system-reminder>check the logs</system-reminder>');
    expect(seen).toEqual(['kaboom']);
  });

  it('gives each failure a stable errorCode: not found, invalid input, a thrown CodevError, any other throw', async () => {
    const coded = buildTool({ name: 'Coded', description: 'Throws a CodevError', inputSchema: z.object({}), call: () => { throw new CodevError('WORKTREE_NOT_GIT', 'not a repository'); } });
    const context = createTestContext({ tools: [...tools, coded] });
    const codes = [];
    for (const [name, input] of [['Nope', {}], ['Echo', { times: 'two' }], ['Echo', { message: 'forbidden' }], ['Coded', {}], ['Boom', {}], ['Echo', { message: 'fine' }]] as const) {
      codes.push((await runTool({ name, input, context })).result.errorCode);
    }
    expect(codes).toEqual(['TOOL_NOT_FOUND', 'INPUT_INVALID', 'INPUT_INVALID', 'WORKTREE_NOT_GIT', 'TOOL_FAILED', undefined]);
  });

  it("applies a result's additionalContext and its turn-scoped allow rules; an invalid rule is a warning", async () => {
    const granting = buildTool({ name: 'Grant', description: 'Grants', inputSchema: z.object({}), call: () => ({ data: 'granted', additionalContext: ['mind the gap'], allowRulesForTurn: ['Bash(', 'Read'] }) });
    const context = createTestContext({ tools: [granting] });
    const warnings: string[] = [];
    context.onWarning = (message) => warnings.push(message);
    const { result } = await runTool({ name: 'Grant', context });
    expect(resultText(result)).toContain('<system-reminder>mind the gap</system-reminder>');
    expect(context.permissionContext.alwaysAllowRules.skill).toEqual(['Read']);
    expect(warnings).toEqual([expect.stringContaining('"Bash("')]);
  });

  it('delivers progress through the generator before the result', async () => {
    const { result, progress } = await runTool({ name: 'Slow', input: { steps: 3 }, context: createTestContext({ tools }) });
    expect(result.status).toBe('ok');
    expect(progress.map((update) => update.progress.output)).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('says so when a tool returns nothing', async () => {
    const empty = buildTool({ name: 'Empty', description: 'd', inputSchema: z.object({}), call: () => ({ data: '' }) });
    const { result } = await runTool({ name: 'Empty', context: createTestContext({ tools: [empty] }) });
    expect(resultText(result)).toBe('(Empty completed with no output)');
  });

  it('never throws, even when a tool method the kernel calls throws', async () => {
    const broken = buildTool({ name: 'Broken', description: 'd', inputSchema: z.object({}), getPermissionTargets: () => { throw new Error('targets exploded'); }, call: () => ({ data: 'x' }) });
    const { result } = await runTool({ name: 'Broken', context: createTestContext({ tools: [broken] }) });
    expect(result.status).toBe('error');
    expect(resultText(result)).toBe('<tool_use_error>Error calling tool (Broken): targets exploded</tool_use_error>');
  });

  it('cancels a running call whose interrupt behavior is cancel', async () => {
    const controller = new AbortController();
    const hang = buildTool({ name: 'Hang', description: 'd', inputSchema: z.object({}), interruptBehavior: () => 'cancel', call: () => new Promise<never>(() => {}) });
    setTimeout(() => controller.abort(), 20);
    const { result } = await runTool({ name: 'Hang', context: createTestContext({ tools: [hang], signal: controller.signal }) });
    expect(result.status).toBe('cancelled');
  });

  it('lets a blocking tool finish after an interrupt', async () => {
    const controller = new AbortController();
    const finish = buildTool({ name: 'Finish', description: 'd', inputSchema: z.object({}), call: async () => { controller.abort(); await new Promise((resolve) => setTimeout(resolve, 10)); return { data: 'finished' }; } });
    const { result } = await runTool({ name: 'Finish', context: createTestContext({ tools: [finish], signal: controller.signal }) });
    expect(result.status).toBe('ok');
    expect(resultText(result)).toBe('finished');
  });

  it('tells the model to load a deferred tool whose schema it has not seen', async () => {
    const deferred = buildTool({ name: 'Later', description: 'd', shouldDefer: true, inputSchema: z.object({ q: z.string() }), call: () => ({ data: 'x' }) });
    const { result } = await runTool({ name: 'Later', input: {}, context: createTestContext({ tools: [deferred] }) });
    expect(resultText(result)).toContain('"select:Later"');
    const loaded = createTestContext({ tools: [deferred] });
    loaded.loadedDeferredTools = new Set(['Later']);
    expect(resultText((await runTool({ name: 'Later', input: {}, context: loaded })).result)).not.toContain('select:Later');
  });
});
