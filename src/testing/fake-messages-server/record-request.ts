import type { IncomingMessage } from 'node:http';
import { errorMessage } from '../../errors/codev-error.ts';
import { readRequest } from '../read-request.ts';
import type { RecordedRequest } from './types.ts';

/**
 * Reads the whole request and records it. `bodyProblem` says why a non-empty body is not a JSON object; the
 * recorded `body` is then `{}`.
 */
export async function recordRequest(request: IncomingMessage): Promise<{ recorded: RecordedRequest; bodyProblem?: string }> {
  const basics = await readRequest(request);
  const parsed = parseBody(basics.rawBody);
  const body = parsed.value ?? {};
  const recorded: RecordedRequest = { ...basics, body, stream: body.stream === true };
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
