import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from '../listen-on-loopback.ts';
import { readRequest } from '../read-request.ts';

/** One request a fake map server received, in arrival order. */
export interface RecordedMapRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  body: unknown;
  rawBody: string;
  /** What the fake answered (HTTP status and parsed body), for assertions. */
  status?: number;
  response?: unknown;
}

/** A running fake server: its URL, the recorded requests, and close(). */
export interface RunningFakeServer {
  url: string;
  requests: RecordedMapRequest[];
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

/** What a handler answers: HTTP status, JSON body and extra headers. */
export interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (port 0 unless given) that records each request and answers with the
 * handler's JSON. Shared by the fake Amap, Google Maps and IP-geolocation servers.
 */
export async function startFakeServer(options: {
  port?: number;
  handle(request: RecordedMapRequest): FakeAnswer | Promise<FakeAnswer>;
}): Promise<RunningFakeServer> {
  const requests: RecordedMapRequest[] = [];
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const recorded = await record(request);
    requests.push(recorded);
    let result: FakeAnswer;
    try {
      result = await options.handle(recorded);
    } catch (error) {
      result = { status: 500, body: { error: String(error) } };
    }
    recorded.status = result.status ?? 200;
    recorded.response = result.body;
    const text = JSON.stringify(result.body);
    response.writeHead(recorded.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      ...result.headers,
    });
    response.end(text);
  }
  const server = await listenOnLoopback({ port: options.port, handle: answer });
  return { url: server.url, requests, close: () => server.close() };
}

async function record(request: IncomingMessage): Promise<RecordedMapRequest> {
  const basics = await readRequest(request);
  let body: unknown;
  if (basics.rawBody.trim() !== '') {
    try {
      body = JSON.parse(basics.rawBody);
    } catch {
      body = undefined;
    }
  }
  return { ...basics, body };
}
