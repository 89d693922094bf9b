import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../testing/create-test-context.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import { buildTool } from '../tool/build-tool.ts';

const big = (size: number, max?: number) =>
  buildTool({
    name: 'Big',
    description: 'd',
    inputSchema: z.object({ size: z.number().default(size) }),
    maxResultSizeChars: max,
    call: ({ size: length }) => ({ data: Array.from({ length: Math.ceil(length / 10) }, (_, index) => `line ${String(index).padStart(4, '0')}`).join('\n').slice(0, length) }),
  });

describe('large results', () => {
  it('persists a result over maxResultSizeChars and sends a preview with the path', async () => {
    const context = createTestContext({ tools: [big(5_000, 1_000)] });
    const { result } = await runTool({ name: 'Big', context, id: 'toolu_big' });
    const text = resultText(result);
    expect(result.persistedPath).toBe(`${context.sessionDirectory}/tool-results/toolu_big.txt`);
    expect(text.startsWith('<persisted-output>')).toBe(true);
    expect(text).toContain(`Full output saved to: ${result.persistedPath}`);
    expect(text.length).toBeLessThan(2_300);
    const saved = readFileSync(result.persistedPath!, 'utf8');
    expect(saved.length).toBe(4_999);
    expect(text).toContain(saved.slice(0, 500));
  });

  it('keeps results under the threshold inline and never persists with an infinite one', async () => {
    expect((await runTool({ name: 'Big', context: createTestContext({ tools: [big(900, 1_000)] }) })).result.persistedPath).toBeUndefined();
    const { result } = await runTool({ name: 'Big', context: createTestContext({ tools: [big(300_000, Infinity)] }) });
    expect(result.persistedPath).toBeUndefined();
    expect(resultText(result).length).toBe(300_000);
  });
});

describe('withheld credentials in results', () => {
  const leaky = buildTool({
    name: 'Leaky',
    description: 'd',
    inputSchema: z.object({ size: z.number() }),
    maxResultSizeChars: 1_000,
    call: ({ size }) => ({ data: `token=${process.env.CODEV_TEST_SERVICE_TOKEN}\n${'x'.repeat(size)}` }),
  });

  it.each([100, 5_000])('redacts a withheld value in the result and in the file a large one is saved to (%i chars)', async (size) => {
    const value = 'service-token-value-0123456789';
    process.env.CODEV_TEST_SERVICE_TOKEN = value;
    try {
      const { result } = await runTool({ name: 'Leaky', input: { size }, context: createTestContext({ tools: [leaky] }) });
      const text = resultText(result);
      expect(text).not.toContain(value);
      expect(text).toContain('token=[redacted $CODEV_TEST_SERVICE_TOKEN]');
      expect(result.output).toContain('token=[redacted $CODEV_TEST_SERVICE_TOKEN]');
      if (size > 1_000) expect(readFileSync(result.persistedPath!, 'utf8')).toContain('token=[redacted $CODEV_TEST_SERVICE_TOKEN]');
      if (size > 1_000) expect(readFileSync(result.persistedPath!, 'utf8')).not.toContain(value);
    } finally {
      delete process.env.CODEV_TEST_SERVICE_TOKEN;
    }
  });

  it('leaves a value the environment policy includes', async () => {
    const value = 'service-token-value-0123456789';
    process.env.CODEV_TEST_SERVICE_TOKEN = value;
    try {
      const context = { ...createTestContext({ tools: [leaky] }), environment: { include: ['CODEV_TEST_SERVICE_TOKEN'] } };
      const { result } = await runTool({ name: 'Leaky', input: { size: 10 }, context });
      expect(resultText(result)).toContain(`token=${value}`);
    } finally {
      delete process.env.CODEV_TEST_SERVICE_TOKEN;
    }
  });
});
