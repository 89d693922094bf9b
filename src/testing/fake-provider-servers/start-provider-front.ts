import type { ServerResponse } from 'node:http';
import { errorMessage } from '../../errors/codev-error.ts';
import type { RecordedRequest } from '../fake-messages-server/types.ts';
import { listenOnLoopback } from '../listen-on-loopback.ts';
import type { LoopbackServer } from '../listen-on-loopback.ts';
import { readRequest } from '../read-request.ts';
import type { RequestBasics } from '../read-request.ts';
import { abortableSleep as sleep } from '../abortable-sleep.ts';

/** A request as a provider front sees it: the basics, the path and query exactly as sent, the body parsed. */
export interface FrontRequest extends RequestBasics {
  /** The path as sent, percent-encoding kept (what SigV4 signs). */
  rawPath: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  /** The body when it is a JSON object. */
  json?: Record<string, unknown>;
  /** Why the body is not a JSON object, when it is not. */
  bodyProblem?: string;
}

/**
 * The listening part of a provider front: reads each request, waits `latencyMs`, hands it to `handle`, and answers
 * `fail` (the provider's 500) when `handle` throws before answering.
 */
export function startProviderFront(options: {
  port?: number;
  latencyMs?: number;
  newRequestId(): string;
  handle(request: FrontRequest, response: ServerResponse, requestId: string): Promise<void>;
  fail(response: ServerResponse, requestId: string, message: string): void;
}): Promise<LoopbackServer> {
  return listenOnLoopback({
    port: options.port,
    async handle(incoming, response, signal) {
      const requestId = options.newRequestId();
      try {
        const basics = await readRequest(incoming);
        const [rawPath = '/', rawQuery = ''] = (incoming.url ?? '/').split('?');
        await sleep(options.latencyMs ?? 0, signal);
        if (signal.aborted) return;
        await options.handle({ ...basics, rawPath, rawQuery, ...parseJson(basics.rawBody) }, response, requestId);
      } catch (error) {
        if (response.headersSent) response.socket?.destroy();
        else options.fail(response, requestId, `The fake server failed: ${errorMessage(error)}`);
      }
    },
  });
}

/** The request as the fake records it: the provider's method, path and headers, the body normalized to the Messages API's. */
export function recordedRequest(request: FrontRequest, body: Record<string, unknown>): RecordedRequest {
  const { method, path, query, headers, rawBody } = request;
  return { method, path, query, headers, rawBody, body, stream: body.stream === true };
}

function parseJson(rawBody: string): { json?: Record<string, unknown>; bodyProblem?: string } {
  if (rawBody.trim() === '') return { bodyProblem: 'The request body is empty' };
  try {
    const value: unknown = JSON.parse(rawBody);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { json: value as Record<string, unknown> };
    return { bodyProblem: 'The request body must be a JSON object' };
  } catch (error) {
    return { bodyProblem: `The request body is not valid JSON: ${errorMessage(error)}` };
  }
}
