import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../../errors/codev-error.ts';
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
