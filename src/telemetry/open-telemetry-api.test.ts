import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, expect, it } from 'vitest';
import { codevTracer } from './codev-tracer.ts';
import { openTelemetryApi } from './open-telemetry-api.ts';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
afterAll(() => provider.shutdown());

// A file of its own: nothing may have registered with the API in this process before the test.
it('loads the API only once something registered with it, and records from then on', async () => {
  expect(openTelemetryApi()).toBeUndefined();
  const before = codevTracer.startSpan('before');
  expect(before.isRecording()).toBe(false);
  before.end();
  // The SDK's registration goes through its own copy of the package; codev finds it through the shared registry.
  const { trace } = await import('@opentelemetry/api');
  trace.setGlobalTracerProvider(provider);
  expect(openTelemetryApi()).toBeDefined();
  const after = codevTracer.startSpan('after');
  expect(after.isRecording()).toBe(true);
  after.end();
  expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['after']);
});
