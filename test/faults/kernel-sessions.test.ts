import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolUseContext } from '../../src/execution/types.ts';
import { getSessionState } from '../../src/session/get-session-state.ts';
import type { SessionState } from '../../src/session/types.ts';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { createTestKernel, resultText, runTool, type TestKernel } from '../../src/testing/index.ts';

// An SDK user drives a kernel without an agent: contexts straight from kernel.createToolUseContext(), a tool
// call on each. Closing the kernel must release what those sessions hold in this process (their state) and
// remove the folders codev made for them, as agent.close() does for an agent's session.

const tests: TestKernel[] = [];
afterEach(async () => {
  await Promise.all(tests.splice(0).map((test) => test.cleanup()));
});

/** A result always over its 1,000-character threshold, so it is saved in the session folder. */
const big = withToolSource(
  buildTool({ name: 'Big', description: 'A large result', inputSchema: z.object({ tag: z.string() }), isReadOnly: () => true, maxResultSizeChars: 1_000, call: ({ tag }) => ({ data: `${tag}:`.padEnd(5_000, tag) }) }),
  { type: 'builtin' },
);
const allow = () => ({ behavior: 'allow' as const });

describe('contexts made straight from kernel.createToolUseContext()', () => {
  it('kernel.close() releases their session state and removes their session folders', async () => {
    const test = await createTestKernel({ mcp: false, env: {}, extraTools: [big], allow: ['Big', 'Read'] });
    tests.push(test);
    const { kernel, root } = test;
    // Three contexts of the kernel's own session, and three with a session folder each.
    const contexts: ToolUseContext[] = [
      ...Array.from({ length: 3 }, () => kernel.createToolUseContext()),
      ...Array.from({ length: 3 }, (_, index) => kernel.createToolUseContext({ sessionDirectory: path.join(root, '.codev', 'sessions', `sdk-${index}`) })),
    ];
    const states = new Map<string, SessionState>();
    for (const [index, context] of contexts.entries()) {
      const read = await runTool({ name: 'Read', input: { file_path: path.join(root, 'package.json') }, context, canUseTool: allow });
      expect(read.result.isError).toBe(false);
      const saved = await runTool({ name: 'Big', input: { tag: `t${index}` }, context, canUseTool: allow });
      expect(resultText(saved.result)).toContain(context.sessionDirectory);
      const state = getSessionState(context);
      expect(state.fileReads.size).toBeGreaterThan(0);
      states.set(context.sessionDirectory, state);
    }
    expect(states.size).toBe(4);
    for (const directory of states.keys()) expect(existsSync(directory), directory).toBe(true);

    await kernel.close();

    for (const [directory, state] of states) {
      // The registry no longer holds the old state: asking again starts a fresh one.
      const now = getSessionState({ sessionDirectory: directory });
      expect(now, directory).not.toBe(state);
      expect(now.fileReads.size).toBe(0);
      expect(existsSync(directory), directory).toBe(false);
    }
  });
});
