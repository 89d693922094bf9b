import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../testing/create-test-context.ts';
import { buildTool } from '../tool/build-tool.ts';
import type { ToolUseBlock } from '../tool/types.ts';
import { runToolUses } from './run-tool-uses.ts';
import type { ToolResultUpdate } from './types.ts';

function tracker() {
  let running = 0;
  const state = { peak: 0, log: [] as string[] };
  const tool = (name: string, safe: boolean) =>
    buildTool({
      name,
      description: name,
      inputSchema: z.object({ id: z.string(), ms: z.number().default(5), big: z.number().default(0) }),
      isConcurrencySafe: () => safe,
      async call({ id, ms, big }, { onProgress }) {
        running++;
        state.peak = Math.max(state.peak, running);
        state.log.push(`start ${id}`);
        onProgress({ type: 'test_progress', id });
        await new Promise((resolve) => setTimeout(resolve, ms));
        running--;
        state.log.push(`end ${id}`);
        return { data: big > 0 ? 'x'.repeat(big) : `done ${id}` };
      },
    });
  return { state, tools: [tool('Safe', true), tool('Unsafe', false)] };
}

const use = (name: string, id: string, input: Record<string, unknown> = {}): ToolUseBlock => ({ type: 'tool_use', id, name, input: { id, ...input } });

async function collect(generator: AsyncGenerator<{ type: string }>) {
  const updates = [];
  for await (const update of generator) updates.push(update);
  return updates;
}

describe('runToolUses', () => {
  it('runs consecutive safe calls in parallel and the rest serially, results in the model order', async () => {
    const { state, tools } = tracker();
    const toolUses = [use('Safe', 'a', { ms: 30 }), use('Safe', 'b', { ms: 5 }), use('Unsafe', 'c'), use('Safe', 'd'), use('Unsafe', 'e')];
    const updates = await collect(runToolUses({ toolUses, canUseTool: () => ({ behavior: 'allow' }), context: createTestContext({ tools }) }));
    const results = updates.filter((update): update is ToolResultUpdate => update.type === 'result');
    expect(results.map((result) => result.toolUseId)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state.log.slice(0, 4)).toEqual(['start a', 'start b', 'end b', 'end a']);
    expect(state.log.indexOf('start c')).toBeGreaterThan(state.log.indexOf('end a'));
    expect(state.log.indexOf('start d')).toBeGreaterThan(state.log.indexOf('end c'));
    expect(updates.filter((update) => update.type === 'progress')).toHaveLength(5);
  });

  it('never runs more than maxConcurrency at once', async () => {
    const { state, tools } = tracker();
    const toolUses = Array.from({ length: 12 }, (_, index) => use('Safe', `s${index}`));
    await collect(runToolUses({ toolUses, canUseTool: () => ({ behavior: 'allow' }), context: createTestContext({ tools }), maxConcurrency: 3 }));
    expect(state.peak).toBe(3);
    const fresh = tracker();
    await collect(runToolUses({ toolUses, canUseTool: () => ({ behavior: 'allow' }), context: createTestContext({ tools: fresh.tools }) }));
    expect(fresh.state.peak).toBe(10);
  });

  it('treats invalid input and unknown tools as unsafe, and still answers each call', async () => {
    const { tools } = tracker();
    const toolUses = [use('Safe', 'a'), { type: 'tool_use' as const, id: 'bad', name: 'Safe', input: { ms: 'x' } }, use('Missing', 'm')];
    const results = (await collect(runToolUses({ toolUses, canUseTool: () => ({ behavior: 'allow' }), context: createTestContext({ tools }) }))).filter((update): update is ToolResultUpdate => update.type === 'result');
    expect(results.map((result) => result.status)).toEqual(['ok', 'invalid-input', 'not-found']);
  });

  it('persists the largest results once a message passes its budget', async () => {
    const { tools } = tracker();
    const toolUses = [use('Safe', 'small', { big: 1_000 }), use('Safe', 'large', { big: 8_000 }), use('Safe', 'medium', { big: 4_000 })];
    const results = (await collect(runToolUses({ toolUses, canUseTool: () => ({ behavior: 'allow' }), context: createTestContext({ tools }), resultBudgetChars: 10_000 }))).filter((update): update is ToolResultUpdate => update.type === 'result');
    expect(results.map((result) => Boolean(result.persistedPath))).toEqual([false, true, false]);
  });

  it('cancels the remaining calls after the user interrupts', async () => {
    const { tools } = tracker();
    const toolUses = [use('Unsafe', 'a'), use('Unsafe', 'b')];
    const ask = buildTool({ name: 'Ask', description: 'd', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'ask', message: 'sure?' }), call: () => ({ data: 'x' }) });
    const results = (await collect(runToolUses({ toolUses: [{ type: 'tool_use', id: 'q', name: 'Ask', input: {} }, ...toolUses], canUseTool: () => ({ behavior: 'deny', interrupt: true }), context: createTestContext({ tools: [...tools, ask] }) }))).filter((update): update is ToolResultUpdate => update.type === 'result');
    expect(results.map((result) => result.status)).toEqual(['denied', 'cancelled', 'cancelled']);
  });
});
