import { context, ROOT_CONTEXT, trace, type ContextManager, type TracerProvider } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/types.ts';

// A broken OpenTelemetry setup, registered before codev is imported: a tracer provider whose getTracer throws,
// and a context manager that returns without running the function it was given. Telemetry is someone else's
// code watching codev's work: importing codev and running a query must work as without it. codev is imported
// only after the registration (dynamic imports below; each test file runs in a process of its own).

let failing: 'getTracer' | 'with' | undefined = 'getTracer';
const working = new BasicTracerProvider();
const provider: TracerProvider = {
  getTracer(name, version, options) {
    if (failing === 'getTracer') throw new Error('tracer provider broke in getTracer');
    return working.getTracer(name, version, options);
  },
};
const manager: ContextManager = {
  active: () => ROOT_CONTEXT,
  with(_context, fn, thisArg, ...args) {
    // Broken: says it ran the function, and did not.
    return (failing === 'with' ? undefined : fn.call(thisArg, ...args)) as ReturnType<typeof fn>;
  },
  bind: (_context, target) => target,
  enable() {
    return this;
  },
  disable() {
    return this;
  },
};
trace.setGlobalTracerProvider(provider);
context.setGlobalContextManager(manager);
afterAll(async () => {
  trace.disable();
  context.disable();
  await working.shutdown();
});

async function query() {
  const { createAgent } = await import('../../src/agent/create-agent.ts');
  const { createFakeMessagesServer, textReply } = await import('../../src/testing/index.ts');
  const server = await createFakeMessagesServer({ script: [textReply('hello')] });
  try {
    const agent = createAgent({ tools: [], apiKey: 'k', baseURL: server.url, maxRetries: 0, env: {} });
    const events: AgentEvent[] = [];
    try {
      for await (const event of agent.query('hi')) events.push(event);
    } finally {
      await agent.close();
    }
    return { events, requests: server.requests.length };
  } finally {
    await server.close();
  }
}

describe('a broken OpenTelemetry setup registered before codev is imported', () => {
  it('a tracer provider whose getTracer throws: codev imports, and a query runs to its end', async () => {
    failing = 'getTracer';
    const { events, requests } = await query();
    expect(requests).toBe(1);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  });

  it('a context manager that never runs the function it is given: the request is made once, and the query ends', async () => {
    failing = 'with';
    const { events, requests } = await query();
    expect(requests).toBe(1);
    expect(events.filter((event) => event.type === 'text')).toEqual([{ type: 'text', text: 'hello' }]);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  });
});
