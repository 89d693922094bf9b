import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** An answer read whole. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The headers a Streamable HTTP client sends with a POST. */
export const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** An initialize request's body, as a client opening a session sends it. */
export const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } } });

/**
 * One HTTP request by node:http, which (unlike fetch) sends whatever Host it is given; `body` may be a function
 * that writes it in pieces (and need not end it).
 */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | ((write: (chunk: string) => void) => void); path?: string }): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: target.hostname.replace(/^\[|\]$/g, ''), port: target.port, path: options.path ?? target.pathname, method: options.method ?? 'POST', headers: options.headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    if (typeof options.body === 'function') options.body((chunk) => request.write(chunk));
    else request.end(options.body);
  });
}

/** Opens a session by a raw initialize and returns its Mcp-Session-Id. */
export async function openRawSession(url: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await rawRequest(url, { headers: { ...POST_HEADERS, ...headers }, body: INITIALIZE });
  if (answer.status !== 200) throw new Error(`initialize answered ${answer.status}: ${answer.body}`);
  return answer.headers['mcp-session-id'] as string;
}

/** Opens a session's GET stream (a client listening for the server's messages), resolved once its headers have come. */
export function openGetStream(url: string, sessionId: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const get = httpRequest(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' }, agent: false }, (response) => {
      if (response.statusCode === 200) resolve(get);
      else reject(new Error(`GET answered ${response.statusCode}`));
    });
    get.on('error', reject).end();
  });
}

/** The MCP SDK's client over its Streamable HTTP transport; with `elicit`, it declares elicitation and answers so. */
export async function connectHttpClient(url: string, options: { token?: string; elicit?: (request: ElicitRequest) => ElicitResult } = {}): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: {} } : {} });
  if (options.elicit) client.setRequestHandler(ElicitRequestSchema, (request) => options.elicit!(request));
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Whether a process of this PID still exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
