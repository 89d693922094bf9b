import { createRequire } from 'node:module';
import type * as OpenTelemetryApi from '@opentelemetry/api';

/**
 * Where @opentelemetry/api 1.x keeps what was registered with it (a tracer provider, a context manager, a
 * propagator, a logger): one object on globalThis, shared by every copy of the package in the process.
 */
const REGISTRY = Symbol.for('opentelemetry.js.api.1');

let api: typeof OpenTelemetryApi | undefined;

/**
 * The @opentelemetry/api package once an OpenTelemetry SDK (or anything else) has registered with it,
 * loaded then, synchronously, on the first span; undefined before, so a process without telemetry never
 * loads the package. Its spans would record nothing anyway: the API's no-op tracer is what it would give.
 * Throws what loading the package throws (the caller reports it as a telemetry failure).
 */
export function openTelemetryApi(): typeof OpenTelemetryApi | undefined {
  if (api) return api;
  if ((globalThis as Record<symbol, unknown>)[REGISTRY] === undefined) return undefined;
  api = createRequire(import.meta.url)('@opentelemetry/api') as typeof OpenTelemetryApi;
  return api;
}
