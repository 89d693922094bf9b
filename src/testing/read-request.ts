import type { IncomingMessage } from 'node:http';

/** What every fake server records of a request before it looks at the body's meaning. */
export interface RequestBasics {
  method: string;
  /** The path without its query string. */
  path: string;
  query: Record<string, string>;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The body exactly as received, as UTF-8. */
  rawBody: string;
}

/** Reads the whole request: method, path, query, headers and raw body. */
export async function readRequest(request: IncomingMessage): Promise<RequestBasics> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    rawBody: Buffer.concat(chunks).toString('utf8'),
  };
}
