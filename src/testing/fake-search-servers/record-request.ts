import type { IncomingMessage } from 'node:http';
import { readRequest } from '../read-request.ts';
import type { RecordedSearchRequest } from './types.ts';

/** Reads the whole request and records it; JSON bodies and form bodies are parsed into `body`. */
export async function recordSearchRequest(request: IncomingMessage): Promise<RecordedSearchRequest> {
  const basics = await readRequest(request);
  return { ...basics, body: parseBody(basics.rawBody, basics.headers['content-type'] ?? '') };
}

function parseBody(rawBody: string, contentType: string): Record<string, unknown> {
  if (rawBody.trim() === '') return {};
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(rawBody));
  try {
    const value: unknown = JSON.parse(rawBody);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
