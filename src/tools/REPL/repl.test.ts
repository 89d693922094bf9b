import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolUseContext } from '../../execution/types.ts';
import type { CanUseTool } from '../../permissions/types.ts';
import type { REPLToolProgress } from '../../progress/types.ts';
import { getReplSession, resetReplSessions } from '../../repl/get-repl-session.ts';
import { endSession } from '../../session/end-session.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { buildTool } from '../../tool/build-tool.ts';
import { readTool } from '../Read/index.ts';
import { createReplTool, MAX_SHOWN_STDOUT_CHARS, replTool, type ReplOutput } from './index.ts';

const echoTool = buildTool({
  name: 'echo-tool',
  description: 'Returns its input',
  inputSchema: z.strictObject({ value: z.unknown() }),
  isReadOnly: () => true,
  call: (input) => ({ data: { echoed: input.value } }),
});
const repl = createReplTool({ primitives: () => [readTool, echoTool] });

function replContext(options: Parameters<typeof createTestContext>[0] = {}): ToolUseContext {
  return createTestContext({ tools: [repl], ...options });
}

async function run(context: ToolUseContext, input: Record<string, unknown>, canUseTool?: CanUseTool) {
  const { result, progress } = await runTool({ name: 'REPL', input, context, canUseTool });
  return { result, output: result.output as ReplOutput, text: resultText(result), progress: progress.map((update) => update.progress as REPLToolProgress) };
}

function fixture(context: ToolUseContext, content = 'alpha\nbeta\n'): string {
  const file = path.join(context.cwd, 'notes.txt');
  writeFileSync(file, content);
  return file;
}

afterAll(() => resetReplSessions());

describe('REPL tool definition', () => {
  it('is neither read-only nor concurrency-safe, cancels on interrupt and allows itself', async () => {
    const input = { code: '1' };
    const context = replContext();
    expect(repl.name).toBe('REPL');
    expect(repl.isReadOnly(input)).toBe(false);
    expect(repl.isConcurrencySafe(input)).toBe(false);
    expect(repl.interruptBehavior()).toBe('cancel');
    expect(await repl.checkPermissions(input, context)).toMatchObject({ behavior: 'allow' });
    expect(replTool.name).toBe('REPL');
  });

  it('lists the callable tools in its prompt, with schemas for hidden ones, and not itself', async () => {
    const prompt = await repl.prompt({ permissionContext: replContext().permissionContext, tools: [repl] });
    expect(prompt).toContain('- Read: ');
    expect(prompt).toContain('"file_path"');
    expect(prompt).toContain('- echo-tool: Returns its input');
    expect(prompt).not.toContain('- REPL:');
  });

  it('rejects a timeout over 600 s as invalid input', async () => {
    const { result } = await run(replContext(), { code: '1', timeout: 600_001 });
    expect(result.status).toBe('invalid-input');
  });
});

describe('REPL state and results', () => {
  it('keeps declarations, functions and classes between calls', async () => {
    const context = replContext();
    expect((await run(context, { code: 'const x = 1' })).output.result).toBeUndefined();
    expect((await run(context, { code: 'x + 1' })).output.result).toBe('2');
    await run(context, { code: 'function double(n) { return n * 2 }\nclass Box { constructor(v) { this.v = v } }' });
    const { output, text, result } = await run(context, { code: 'new Box(double(x + 1)).v' });
    expect(result.status).toBe('ok');
    expect(result.isError).toBe(false);
    expect(output).toMatchObject({ result: '4', stdout: '', stderr: '', toolCalls: 0 });
    expect(output.error).toBeUndefined();
    expect(text).toBe('Result: 4');
  });

  it('supports top-level await, returns the last expression inspected and captures the console', async () => {
    const { output, text } = await run(replContext(), {
      code: "console.log('hello', 1)\nconsole.error('careful')\nawait new Promise((resolve) => setTimeout(resolve, 20));\n({ list: [1, 2], name: 'x' })",
    });
    expect(output).toMatchObject({ stdout: 'hello 1\n', stderr: 'careful\n', result: "{ list: [ 1, 2 ], name: 'x' }" });
    expect(text).toContain('hello 1');
    expect(text).toContain("{ list: [ 1, 2 ], name: 'x' }");
  });

  it('reports an uncaught error with its line as an error result, keeping the output', async () => {
    const { result, output } = await run(replContext(), { code: "console.log('before')\n\nmissing.value" });
    expect(result.status).toBe('ok');
    expect(result.isError).toBe(true);
    expect(result.block.is_error).toBe(true);
    expect(output.stdout).toBe('before\n');
    expect(output.error).toMatch(/^ReferenceError: /);
    expect(output.error).toContain('repl:3:');
    expect(output.error).not.toMatch(/repl:(0|4):/);
  });

  it('reports a syntax error with line:column', async () => {
    const { output, result } = await run(replContext(), { code: 'const ok = 1\nconst = 2' });
    expect(result.block.is_error).toBe(true);
    expect(output.error).toMatch(/^SyntaxError: .*\(line 2:7\)$/);
    expect(output.toolCalls).toBe(0);
  });

  it('reports console output as repl_progress', async () => {
    const { progress } = await run(replContext(), { code: "console.log('step one'); await new Promise((resolve) => setTimeout(resolve, 10)); console.log('step two')" });
    const messages = progress.filter((event) => event.type === 'repl_progress' && event.innerToolName === undefined).map((event) => event.message);
    expect(messages).toContain('step one');
    expect(messages).toContain('step two');
  });

  it('cuts the middle of a long stdout in the text the model reads', async () => {
    const { output, text } = await run(replContext(), { code: "console.log('a'.repeat(50_000) + 'END')" });
    expect(output.stdout.length).toBe(50_004);
    expect(text.length).toBeLessThan(MAX_SHOWN_STDOUT_CHARS + 500);
    expect(text).toContain('END');
  });
});

describe('REPL inner tool calls', () => {
  it('runs Read through the lifecycle and resolves with its data', async () => {
    const context = replContext();
    const decisions: string[] = [];
    context.onDecision = (event) => decisions.push(`${event.toolName} ${event.toolUseId}`);
    const file = fixture(context);
    const { output, progress } = await runTool({ name: 'REPL', input: { code: `const file = await Read({ file_path: ${JSON.stringify(file)} });\n[file.type, file.content.includes('alpha'), file instanceof Object]` }, context, id: 'toolu_outer' }).then(
      ({ result, progress: updates }) => ({ output: result.output as ReplOutput, progress: updates.map((update) => update.progress as REPLToolProgress) }),
    );
    expect(output.error).toBeUndefined();
    expect(output.result).toBe("[ 'text', true, true ]");
    expect(output.toolCalls).toBe(1);
    expect(decisions).toEqual(['REPL toolu_outer', 'Read toolu_outer/repl-1']);
    expect(progress.some((event) => event.innerToolName === 'Read')).toBe(true);
  });

  it('rejects a call denied by a rule with status denied, which the code can catch', async () => {
    const context = replContext({ deny: ['Read'] });
    const file = fixture(context);
    const { output } = await run(context, {
      code: `let caught; try { await Read({ file_path: ${JSON.stringify(file)} }) } catch (error) { caught = [error.status, error instanceof Error, error.message.length > 0, error.toolName] }\ncaught`,
    });
    expect(output.result).toBe("[ 'denied', true, true, 'Read' ]");
    expect(output.toolCalls).toBe(1);
  });

  it('gives an uncaught denial as the error, with its status', async () => {
    const context = replContext({ deny: ['Read'] });
    const { output } = await run(context, { code: `await Read({ file_path: ${JSON.stringify(fixture(context))} })` });
    expect(output.error).toMatch(/^Error \[denied\]: /);
  });

  it('asks canUseTool for an ask rule; the wait for the answer does not count against the timeout', async () => {
    const context = replContext({ ask: ['Read'] });
    const file = fixture(context);
    const asked: string[] = [];
    const slowAllow: CanUseTool = async (tool) => {
      asked.push(tool.name);
      await new Promise((resolve) => setTimeout(resolve, 600));
      return { behavior: 'allow' };
    };
    const allowed = await run(context, { code: `(await Read({ file_path: ${JSON.stringify(file)} })).type`, timeout: 400 }, slowAllow);
    expect(allowed.output.error).toBeUndefined();
    expect(allowed.output.result).toBe("'text'");
    expect(asked).toEqual(['Read']);
    const refused = await run(context, { code: `await Read({ file_path: ${JSON.stringify(file)} }).catch((error) => error.status)` }, () => ({ behavior: 'deny', message: 'no' }));
    expect(refused.output.result).toBe("'denied'");
  });

  it('a denial with interrupt stops the code there and ends the turn, even when the code catches it', async () => {
    const context = replContext({ ask: ['Read'] });
    const file = fixture(context);
    const stopping: CanUseTool = () => ({ behavior: 'deny', message: 'stop', interrupt: true });
    const code = `globalThis.after = 0; await Read({ file_path: ${JSON.stringify(file)} }).catch(() => 'caught'); globalThis.after = 1; await new Promise((resolve) => setTimeout(resolve, 5000)); 'finished'`;
    const stopped = await run(context, { code }, stopping);
    expect(stopped.result.interrupt).toBe(true);
    expect(stopped.result.block.is_error).toBe(true);
    expect(stopped.output.result).toBeUndefined();
    expect(stopped.output.error).toContain('the user denied Read and asked to stop');
    expect(stopped.output.stateReset).toBe('abort');
    const plain = await run(context, { code: `await Read({ file_path: ${JSON.stringify(file)} }).catch((error) => error.status)` }, () => ({ behavior: 'deny', message: 'no' }));
    expect(plain.result.interrupt).toBeUndefined();
    expect(plain.output.result).toBe("'denied'");
  });

  it('reaches every tool through tools[...] and callTool, and reports bad names and inputs by status', async () => {
    const { output } = await run(replContext(), {
      code: [
        "const a = await tools['echo-tool']({ value: [1, 'two'] })",
        "const b = await callTool('echo-tool', { value: null })",
        "const missing = await callTool('Nope', {}).catch((error) => error.status)",
        'const invalid = await Read({}).catch((error) => error.status)',
        "const self = await callTool('REPL', { code: '1' }).catch((error) => error.status);",
        'JSON.stringify([a.echoed, b, missing, invalid, self, typeof Read, typeof REPL])',
      ].join('\n'),
    });
    expect(output.error).toBeUndefined();
    expect(JSON.parse(output.result!.slice(1, -1))).toEqual([[1, 'two'], { echoed: null }, 'not-found', 'invalid-input', 'not-found', 'function', 'undefined']);
    expect(output.toolCalls).toBe(5);
  });
});

describe('REPL isolation', () => {
  it('gives the code no process, require, import or constructor escape', async () => {
    const { output } = await run(replContext(), {
      code: [
        'const outcomes = {}',
        "const attempt = async (name, fn) => { try { outcomes[name] = await fn() } catch (error) { outcomes[name] = 'blocked' } }",
        "await attempt('process', () => typeof process)",
        "await attempt('require', () => typeof require)",
        "await attempt('import', () => import('node:fs'))",
        "await attempt('escape', () => this.constructor.constructor('return process')())",
        "await attempt('viaConsole', () => console.log.constructor('return process')())",
        "await attempt('viaTimer', () => setTimeout.constructor('return process')())",
        "await attempt('viaTool', async () => (await Read.constructor('return process')()))",
        "await attempt('evalInside', () => eval('1 + 1'))",
        'outcomes',
      ].join('\n'),
    });
    expect(output.error).toBeUndefined();
    expect(output.result).toBe(
      "{\n  process: 'undefined',\n  require: 'undefined',\n  import: 'blocked',\n  escape: 'blocked',\n  viaConsole: 'blocked',\n  viaTimer: 'blocked',\n  viaTool: 'blocked',\n  evalInside: 2\n}",
    );
  });

  it('kills an infinite loop at the timeout and starts the next call on a fresh state', async () => {
    const context = replContext();
    await run(context, { code: 'const kept = 1' });
    const before = await getReplSession(context.sessionDirectory).pid();
    const { output, result } = await run(context, { code: 'for (;;) {}', timeout: 300 });
    expect(result.block.is_error).toBe(true);
    expect(output.stateReset).toBe('timeout');
    const next = await run(context, { code: '[typeof kept, 1 + 1]' });
    expect(next.output.result).toBe("[ 'undefined', 2 ]");
    expect(await getReplSession(context.sessionDirectory).pid()).not.toBe(before);
  });

  it('kills the worker on abort; the call is cancelled and the next one works', async () => {
    const controller = new AbortController();
    const context = replContext({ signal: controller.signal });
    await run(context, { code: 'const kept = 1' });
    setTimeout(() => controller.abort(), 200);
    const { result } = await run(context, { code: 'for (;;) {}' });
    expect(result.status).toBe('cancelled');
    const fresh = { ...context, signal: new AbortController().signal };
    expect((await run(fresh, { code: 'typeof kept' })).output.result).toBe("'undefined'");
  });

  it('kills the worker and forgets the state when the session ends', async () => {
    const context = replContext();
    await run(context, { code: 'var kept = 1' });
    const ended = getReplSession(context.sessionDirectory);
    const pid = (await ended.pid())!;
    await endSession({ sessionDirectory: context.sessionDirectory, owned: false });
    expect(await ended.pid()).toBeUndefined();
    await expect.poll(() => { try { process.kill(pid, 0); return 'alive'; } catch { return 'gone'; } }).toBe('gone');
    expect(getReplSession(context.sessionDirectory)).not.toBe(ended);
    expect((await run(context, { code: 'typeof kept' })).output.result).toBe("'undefined'");
  });

  it('turns a worker that dies into an error result, never a host crash', async () => {
    const context = replContext();
    await run(context, { code: '1' });
    const pid = (await getReplSession(context.sessionDirectory).pid())!;
    setTimeout(() => process.kill(pid, 'SIGKILL'), 200);
    const { output, result } = await run(context, { code: 'await new Promise((resolve) => setTimeout(resolve, 10_000))' });
    expect(result.status).toBe('ok');
    expect(result.block.is_error).toBe(true);
    expect(output.stateReset).toBe('crash');
    expect((await run(context, { code: '2' })).output.result).toBe('2');
  });

  it('fails with an error result under Deno, without starting a worker', async () => {
    const scope = globalThis as { Deno?: unknown };
    scope.Deno = {};
    try {
      const context = replContext();
      const { result } = await run(context, { code: '1' });
      expect(result.status).toBe('error');
      expect(await getReplSession(context.sessionDirectory).pid()).toBeUndefined();
    } finally {
      delete scope.Deno;
    }
  });
});
