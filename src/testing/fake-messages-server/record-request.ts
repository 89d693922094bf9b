import type { IncomingMessage } from 'node:http';
import { errorMessage } from '../../errors/codev-error.ts';
import type { RecordedRequest } from './types.ts';

/**
 * Reads the whole request and records it. `bodyProblem` says why a non-empty body is not a JSON object; the
 * recorded `body` is then `{}`.
 */
export async function recordRequest(request: IncomingMessage): Promise<{ recorded: RecordedRequest; bodyProblem?: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const parsed = parseBody(rawBody);
  const body = parsed.value ?? {};
  const recorded: RecordedRequest = {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body,
    rawBody,
    stream: body.stream === true,
  };
  return { recorded, bodyProblem: parsed.problem };
}

function parseBody(rawBody: string): { value?: RecordedRequest['body']; problem?: string } {
  if (rawBody.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch (error) {
    return { problem: `The request body is not valid JSON: ${errorMessage(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'The request body must be a JSON object' };
  return { value: value as RecordedRequest['body'] };
}
