import type { IncomingMessage } from 'node:http';
import { readRequestBody } from '../../mcp-server/http/read-request-body.ts';

/** The largest POST body (an answer, an explain request: a few KiB). */
export const MAX_BODY_BYTES = 256 * 1024;
/** How long a POST body may take to arrive. */
export const BODY_TIMEOUT_MS = 10_000;

/** A POST body parsed as JSON, or the status and code that refuse it. */
export type JsonBody = { kind: 'parsed'; value: unknown } | { kind: 'refused'; status: number; code: string; message: string };

/** Reads a POST body bounded in size and time and parses it as JSON. */
export async function readJsonBody(request: IncomingMessage, options: { maxBytes?: number; timeoutMs?: number } = {}): Promise<JsonBody> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const body = await readRequestBody(request, { maxBytes, timeoutMs: options.timeoutMs ?? BODY_TIMEOUT_MS });
  if (body.kind === 'too-large') return { kind: 'refused', status: 413, code: 'INPUT_INVALID', message: `The body is larger than ${maxBytes} bytes.` };
  if (body.kind === 'timeout') return { kind: 'refused', status: 408, code: 'INPUT_INVALID', message: 'The body did not arrive in time.' };
  if (body.kind === 'aborted') return { kind: 'refused', status: 400, code: 'INPUT_INVALID', message: 'The body was cut off.' };
  try {
    return { kind: 'parsed', value: body.text === '' ? undefined : JSON.parse(body.text) };
  } catch {
    return { kind: 'refused', status: 400, code: 'INPUT_INVALID', message: 'The body is not JSON.' };
  }
}
