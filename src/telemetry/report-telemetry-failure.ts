import { errorMessage } from '../errors/codev-error.ts';

let reported = false;

/**
 * Says, once per process, that the registered OpenTelemetry SDK failed (a span processor or exporter that
 * throws): a `CODEV_TELEMETRY_FAILED` process warning. Telemetry is someone else's code watching codev's
 * work; its failure never ends that work, and one line is enough to say the traces are incomplete.
 */
export function reportTelemetryFailure(error: unknown): void {
  if (reported) return;
  reported = true;
  process.emitWarning(`OpenTelemetry failed, so codev's traces may be incomplete (reported once): ${errorMessage(error)}`, { code: 'CODEV_TELEMETRY_FAILED' });
}
