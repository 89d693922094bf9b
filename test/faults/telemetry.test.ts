import { trace, type Context } from '@opentelemetry/api';
import { BasicTracerProvider, SimpleSpanProcessor, type ReadableSpan, type Span, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';

// Someone else's telemetry (an OpenTelemetry SDK the user registered) fails: a span processor throws when a
// span starts or ends, or its exporter throws. A query and its tool calls must go on as if nothing happened,
// and the failure is said once, as a warning.

type Failure = 'onStart' | 'onEnd' | 'export';
let failing: Failure | undefined;
const seen: Failure[] = [];

const processor: SpanProcessor = {
  onStart(_span: Span, _context: Context) {
    if (failing === 'onStart') {
      seen.push('onStart');
      throw new Error('span processor broke in onStart');
    }
  },
  onEnd(_span: ReadableSpan) {
    if (failing === 'onEnd') {
      seen.push('onEnd');
      throw new Error('span processor broke in onEnd');
    }
  },
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};
const exporter: SpanExporter = {
  export(_spans, done) {
    if (failing === 'export') {
      seen.push('export');
      throw new Error('span exporter broke');
    }
    done({ code: 0 });
  },
  shutdown: () => Promise.resolve(),
};
const provider = new BasicTracerProvider({ spanProcessors: [processor, new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);

const warnings: string[] = [];
const onWarning = (warning: Error & { code?: string }) => {
  if (warning.code === 'CODEV_TELEMETRY_FAILED') warnings.push(warning.message);
};
process.on('warning', onWarning);

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  failing = undefined;
  await server?.close();
  server = undefined;
});
afterAll(async () => {
  process.off('warning', onWarning);
  await provider.shutdown();
});

let looked = 0;
const lookup = withToolSource(
  buildTool({
    name: 'Lookup',
    description: 'Looks a word up',
    inputSchema: z.object({ word: z.string() }),
    isReadOnly: () => true,
    call: ({ word }) => {
      looked++;
      return { data: `${word}: a small animal` };
    },
  }),
  { type: 'builtin' },
);

describe('a broken OpenTelemetry SDK', () => {
  it.each<Failure>(['onStart', 'onEnd', 'export'])('a span processor or exporter that throws in %s ends no query and no tool call', async (failure) => {
    server = await createFakeMessagesServer({ script: [toolUseReply('Lookup', { word: 'cat' }, { id: 'toolu_cat' }), textReply('A cat is a small animal.')] });
    const agent = createAgent({ tools: [lookup], apiKey: 'k', baseURL: server.url, maxRetries: 0, env: {}, canUseTool: () => ({ behavior: 'allow' }) });
    failing = failure;
    const before = looked;
    const events: AgentEvent[] = [];
    try {
      for await (const event of agent.query('what is a cat?')) events.push(event);
    } finally {
      failing = undefined;
      await agent.close();
    }
    expect(seen).toContain(failure);
    expect(looked).toBe(before + 1);
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({ toolUseId: 'toolu_cat', isError: false });
    expect(events.filter((event) => event.type === 'text').at(-1)).toEqual({ type: 'text', text: 'A cat is a small animal.' });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 2 });
    // Said once for the process, however many spans failed and in however many ways (the SDK reports its
    // exporter's failures itself).
    await new Promise((resolve) => setImmediate(resolve));
    if (failure === 'export') expect(warnings.length).toBeLessThanOrEqual(1);
    else expect(warnings).toHaveLength(1);
  });
});
