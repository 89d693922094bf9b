import type { IncomingMessage, ServerResponse } from 'node:http';
import { CODEV_CLIENT_HEADER, directoryOfCodevClient } from '../../mcp/codev-client-id.ts';
import type { RequestAccessCheck } from './check-request-access.ts';
import { allowOrigin, answerPreflight } from './cors-headers.ts';
import type { HttpSessions } from './http-sessions.ts';
import { readRequestBody } from './read-request-body.ts';
import { writeJsonRpcError } from './write-json-rpc-error.ts';

/** What one endpoint's requests are checked and routed with. */
export interface McpRequestRouting {
  path: string;
  checkAccess: RequestAccessCheck;
  sessions: HttpSessions;
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  /** True once the server is closing: new requests are refused. */
  isClosing(): boolean;
  /** The folder of the kernel served: a kernel of this process for that folder (its own MCP servers) may not open a session. */
  servedDirectory?: string;
}

type JsonRpcMessage = { method?: unknown; id?: unknown };

const isInitialize = (message: JsonRpcMessage) => message?.method === 'initialize' && message.id !== undefined;
const requestIds = (messages: JsonRpcMessage[]) => messages.filter((message) => typeof message?.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number')).map((message) => message.id as string | number);

// Statuses and JSON-RPC codes as the MCP spec (Streamable HTTP, session management) and the SDK's transport use them.
const SESSION_REQUIRED = { status: 400, code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' };
const SESSION_NOT_FOUND = { status: 404, code: -32001, message: 'Session not found' };
const OWN_KERNEL = { status: 403, code: -32000, message: 'Forbidden: this is the MCP server of the project connecting (its MCP servers name it): codev does not consume its own tools' };

/**
 * One request to the endpoint: access (Host, Origin, token), then the session its Mcp-Session-Id names (a new one
 * only for an initialize request), then the session's transport. A POST's body is read here, bounded in size and
 * time, so the transport gets it parsed.
 */
export async function handleMcpRequest(routing: McpRequestRouting, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (new URL(request.url ?? '/', 'http://localhost').pathname !== routing.path) return writeJsonRpcError(response, { status: 404, code: -32000, message: 'Not Found' });
  const refusal = routing.checkAccess(request);
  // An Origin the check let through (a 401 too, so that the page can tell a token is wanted) may read the answer.
  const origin = request.headers.origin;
  if (origin !== undefined && (refusal === undefined || refusal.status === 401)) allowOrigin(response, origin);
  if (refusal) return writeJsonRpcError(response, { status: refusal.status, code: -32000, message: refusal.message, headers: refusal.headers });
  if (routing.isClosing()) return writeJsonRpcError(response, { status: 503, code: -32000, message: 'Service Unavailable: the server is closing', headers: { connection: 'close' } });
  if (request.method === 'OPTIONS') return answerPreflight(response);
  if (request.method === 'POST') return handlePost(routing, request, response);
  if (request.method !== 'GET' && request.method !== 'DELETE') return writeJsonRpcError(response, { status: 405, code: -32000, message: 'Method Not Allowed', headers: { allow: 'GET, POST, DELETE' } });
  const id = request.headers['mcp-session-id'];
  if (typeof id !== 'string') return writeJsonRpcError(response, SESSION_REQUIRED);
  const session = routing.sessions.get(id);
  if (!session) return writeJsonRpcError(response, SESSION_NOT_FOUND);
  // An open GET stream is a client still listening: its session is not idle until the stream closes.
  const running = routing.sessions.begin(session);
  if (request.method === 'GET') response.once('close', running.settled);
  else running.settled();
  await session.transport.handleRequest(request, response);
  if (request.method === 'DELETE' && response.statusCode < 300) await session.session.close();
}

async function handlePost(routing: McpRequestRouting, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const id = request.headers['mcp-session-id'];
  let session = typeof id === 'string' ? routing.sessions.get(id) : undefined;
  if (typeof id === 'string' && !session) return writeJsonRpcError(response, SESSION_NOT_FOUND);
  // A request begun is a use of its session from its first byte: neither the idle timer nor a newcomer making
  // room may end the session while the body comes in.
  if (session) response.once('close', routing.sessions.begin(session).settled);
  const body = await readRequestBody(request, { maxBytes: routing.maxBodyBytes, timeoutMs: routing.bodyTimeoutMs });
  // The rest of a refused body is not read: the connection closes after the answer.
  if (body.kind === 'too-large') return refuseAndClose(response, { status: 413, code: -32000, message: `Payload Too Large: the body exceeds ${routing.maxBodyBytes} bytes` });
  if (body.kind === 'timeout') return refuseAndClose(response, { status: 408, code: -32000, message: 'Request Timeout: the body did not arrive in time' });
  if (body.kind === 'aborted') return void response.destroy();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return writeJsonRpcError(response, { status: 400, code: -32700, message: 'Parse error: Invalid JSON' });
  }
  const messages = (Array.isArray(parsed) ? parsed : [parsed]) as JsonRpcMessage[];
  let opened = false;
  if (!session) {
    if (!messages.some(isInitialize)) return writeJsonRpcError(response, SESSION_REQUIRED);
    // The project's MCP servers (.mcp.json) name this server: its kernel would serve itself its own tools again, a
    // level more at each reload (mcp__self__mcp__self__...), each call going round through this server.
    if (routing.servedDirectory !== undefined && directoryOfCodevClient(request.headers[CODEV_CLIENT_HEADER]) === routing.servedDirectory) return writeJsonRpcError(response, OWN_KERNEL);
    session = await routing.sessions.open();
    if (!session) return writeJsonRpcError(response, { status: 503, code: -32000, message: 'Service Unavailable: too many sessions', headers: { 'retry-after': '5' } });
    opened = true;
    response.once('close', routing.sessions.begin(session).settled);
  }
  const ids = requestIds(messages);
  const { transport } = session;
  response.once('close', () => {
    // The client went away before its answers: nothing can deliver them (no event store to resume from), so its
    // calls are cancelled as if it had sent notifications/cancelled, which stops their processes.
    if (response.writableFinished) return;
    for (const requestId of ids) transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'The HTTP client went away.' } });
  });
  await transport.handleRequest(request, response, parsed);
  // An initialize the transport refused (a batch, a bad message), or that found every other session busy, leaves a
  // session no client knows the id of.
  if (opened && !routing.sessions.admitted(session)) await session.session.close();
}

function refuseAndClose(response: ServerResponse, error: { status: number; code: number; message: string }): void {
  writeJsonRpcError(response, { ...error, headers: { connection: 'close' } });
  response.once('finish', () => response.socket?.destroySoon());
}
