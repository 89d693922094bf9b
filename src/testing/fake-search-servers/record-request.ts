import type { IncomingMessage } from 'node:http';
import type { RecordedSearchRequest } from './types.ts';

/** Reads the whole request and records it; JSON bodies and form bodies are parsed into `body`. */
export async function recordSearchRequest(request: IncomingMessage): Promise<RecordedSearchRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body: parseBody(rawBody, headers['content-type'] ?? ''),
    rawBody,
  };
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
