import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../../errors/codev-error.ts';
import { defineHook } from '../../hooks/define-hook.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { runTool } from '../../testing/run-tool.ts';
import { buildTool } from '../../tool/build-tool.ts';

describe('callTool after an interrupt', () => {
  it('reports PROCESS_KILL_FAILED instead of a cancellation when the call could not stop what it started', async () => {
    const controller = new AbortController();
    const stuck = buildTool({
      name: 'Stuck',
      description: 'd',
      inputSchema: z.object({}),
      call: async () => {
        controller.abort();
        throw new CodevError('PROCESS_KILL_FAILED', 'pid 1234 could not be killed');
      },
    });
    const { result } = await runTool({ name: 'Stuck', context: createTestContext({ tools: [stuck], signal: controller.signal }) });
    expect(result.status).toBe('error');
    expect(result.errorCode).toBe('PROCESS_KILL_FAILED');
  });
});

describe('callTool with a call that answers at once', () => {
  const interrupting = (behavior: 'cancel' | 'block', controller: AbortController) =>
    buildTool({
      name: 'Interrupts',
      description: 'd',
      inputSchema: z.object({}),
      interruptBehavior: () => behavior,
      call: () => {
        controller.abort();
        return { data: 'done' };
      },
    });

  it('cancels a cancel-on-interrupt call interrupted while it ran, and lets a blocking one finish', async () => {
    const cancelling = new AbortController();
    const cancelled = await runTool({ name: 'Interrupts', context: createTestContext({ tools: [interrupting('cancel', cancelling)], signal: cancelling.signal }) });
    expect(cancelled.result.status).toBe('cancelled');
    const blocking = new AbortController();
    const finished = await runTool({ name: 'Interrupts', context: createTestContext({ tools: [interrupting('block', blocking)], signal: blocking.signal }) });
    expect(finished.result).toMatchObject({ status: 'ok', output: 'done' });
  });

  it('runs a call whose interrupt came before it started (after the abort check) to its end, as before', async () => {
    const controller = new AbortController();
    const tool = buildTool({ name: 'Late', description: 'd', inputSchema: z.object({}), interruptBehavior: () => 'cancel', call: () => ({ data: 'ran' }) });
    const hooks = [defineHook({ event: 'PreToolUse', handler: () => void controller.abort() })];
    const { result } = await runTool({ name: 'Late', context: createTestContext({ tools: [tool], hooks, signal: controller.signal }) });
    expect(result).toMatchObject({ status: 'ok', output: 'ran' });
  });

  it('yields the progress a synchronous call reported, then its result', async () => {
    const tool = buildTool({
      name: 'Chatty',
      description: 'd',
      inputSchema: z.object({}),
      call: (_input, { onProgress }) => {
        onProgress({ type: 'bash_progress', output: 'one', elapsedTimeSeconds: 0, totalLines: 1, totalBytes: 3 });
        return { data: 'said' };
      },
    });
    const { result, progress } = await runTool({ name: 'Chatty', context: createTestContext({ tools: [tool] }) });
    expect(progress.map((update) => update.progress)).toMatchObject([{ type: 'bash_progress', output: 'one' }]);
    expect(result.output).toBe('said');
  });
});
