import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../testing/create-test-context.ts';
import { runTool } from '../testing/run-tool.ts';
import { buildTool } from '../tool/build-tool.ts';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
afterAll(() => provider.shutdown());

const ask = buildTool({ name: 'Ask', description: 'd', inputSchema: z.object({}), checkPermissions: () => ({ behavior: 'passthrough' }), call: () => ({ data: 'ok' }) });

function decisions() {
  return exporter.getFinishedSpans().flatMap((span) => span.events.filter((event) => event.name === 'codev.tool_decision').map((event) => event.attributes));
}

describe('telemetry', () => {
  it('reports each decision with its source in the telemetry vocabulary', async () => {
    await runTool({ name: 'Ask', context: createTestContext({ tools: [ask], allow: ['Ask'] }) });
    await runTool({ name: 'Ask', context: createTestContext({ tools: [ask] }), canUseTool: () => ({ behavior: 'allow' }) });
    await runTool({ name: 'Ask', context: createTestContext({ tools: [ask] }), canUseTool: () => ({ behavior: 'allow', updatedPermissions: [{ type: 'addRules', behavior: 'allow', rules: ['Ask'], destination: 'session' }] }) });
    await runTool({ name: 'Ask', context: createTestContext({ tools: [ask] }), canUseTool: () => ({ behavior: 'deny' }) });
    await runTool({ name: 'Ask', context: createTestContext({ tools: [ask], deny: ['Ask'] }) });
    expect(decisions().map((event) => [event?.decision, event?.source])).toEqual([
      ['accept', 'config'],
      ['accept', 'user_temporary'],
      ['accept', 'user_permanent'],
      ['reject', 'user_reject'],
      ['reject', 'config'],
    ]);
    expect(decisions()[0]).toMatchObject({ tool_name: 'Ask', rule: 'Ask' });
    const results = exporter.getFinishedSpans().flatMap((span) => span.events.filter((event) => event.name === 'codev.tool_result'));
    expect(results).toHaveLength(5);
    expect(results[0]!.attributes).toMatchObject({ status: 'ok', success: true });
  });
});
