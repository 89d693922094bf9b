import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import { CodevError } from '../../errors/codev-error.ts';

/** Why a request may not reach a session: the HTTP status and JSON-RPC error to answer with. */
export interface AccessRefusal {
  status: 400 | 401 | 403;
  message: string;
  headers?: Record<string, string>;
}

/** Checks one request's Host, Origin and bearer token; `undefined` lets it through. */
export type RequestAccessCheck = (request: IncomingMessage) => AccessRefusal | undefined;

/** Whether `host` (a name or an address, IPv6 with or without brackets) only reaches this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** `Host` header values naming this server: the served host and the loopback names, each with the port. */
function allowedHostHeaders(host: string, port: number): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const served = host.toLowerCase();
  names.add(served.includes(':') && !served.startsWith('[') ? `[${served}]` : served);
  if (WILDCARD_HOSTS.has(served)) {
    // Served on every interface: any of the machine's own addresses is a name of this server.
    for (const address of Object.values(os.networkInterfaces()).flat()) {
      if (address) names.add(address.family === 'IPv6' ? `[${address.address.toLowerCase()}]` : address.address);
    }
    names.add(os.hostname().toLowerCase());
  }
  const headers = new Set<string>();
  for (const name of names) {
    headers.add(`${name}:${port}`);
    // A browser leaves the default port out of Host; any other port-less Host names another server.
    if (port === 80) headers.add(name);
  }
  return headers;
}

/** What `Authorization: Bearer <token>` can carry (RFC 6750's b64token). */
const SENDABLE_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * Throws MCP_SERVE_FAILED for a token no client can present (empty, with spaces, control or non-ASCII
 * characters: the server would look guarded and refuse everyone), without showing it, and for a host other
 * machines can reach when no token guards it.
 */
export function requireTokenOffLoopback(options: { host: string; port: number; token?: string }): void {
  if (options.token !== undefined && !SENDABLE_TOKEN.test(options.token)) {
    throw new CodevError('MCP_SERVE_FAILED', 'The MCP token is empty or has characters a bearer token cannot carry.', {
      hint: 'Use letters, digits and - . _ ~ + / only (e.g. `openssl rand -hex 32`).',
    });
  }
  if (isLoopbackHost(options.host) || options.token) return;
  throw new CodevError('MCP_SERVE_FAILED', `Serving MCP on ${options.host}:${options.port} would let anyone who reaches that address run this project's tools.`, {
    hint: 'Pass a token (--token T or CODEV_MCP_TOKEN; `token` of serveMcpHttp), or serve on 127.0.0.1.',
  });
}

/** Whether a request's raw headers (names and values alternate) hold two Host or two Authorization headers, which access is judged by. */
function repeatsHostOrAuthorization(rawHeaders: readonly string[]): boolean {
  let hosts = 0;
  let authorizations = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!.toLowerCase();
    if (name === 'host') hosts += 1;
    else if (name === 'authorization') authorizations += 1;
  }
  return hosts > 1 || authorizations > 1;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The access rules of a served endpoint. Host must name this server (a page on another name that DNS rebinding
 * pointed here carries its own name); Origin, when a browser sends one, must be the server's own or allowed; the
 * bearer token, when set, is compared through digests of equal length in constant time, and only taken from the
 * Authorization header (never a query string, which logs and Referer headers keep); a CORS preflight, which never
 * carries it and reaches no session, is let through without it. Off loopback a token is required: throws
 * MCP_SERVE_FAILED without one.
 */
export function createRequestAccessCheck(options: { host: string; port: number; token?: string; allowedOrigins?: readonly string[] }): RequestAccessCheck {
  requireTokenOffLoopback(options);
  const hosts = allowedHostHeaders(options.host, options.port);
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  for (const origin of options.allowedOrigins ?? []) origins.add(origin.toLowerCase());
  const expected = options.token === undefined ? undefined : digest(options.token);
  return (request) => {
    // Node keeps the first of two; a proxy in front may have judged the last (RFC 9110: two Host headers are a 400).
    if (repeatsHostOrAuthorization(request.rawHeaders)) return { status: 400, message: 'Bad Request: more than one Host or Authorization header' };
    const host = request.headers.host?.toLowerCase();
    if (host === undefined || !hosts.has(host)) return { status: 403, message: 'Forbidden: the Host header does not name this server' };
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin.toLowerCase())) return { status: 403, message: 'Forbidden: Origin not allowed' };
    // A CORS preflight never carries credentials, and is answered without reaching any session.
    if (expected === undefined || request.method === 'OPTIONS') return undefined;
    const authorization = request.headers.authorization;
    const presented = /^bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    if (presented !== undefined && timingSafeEqual(digest(presented), expected)) return undefined;
    const error = authorization === undefined ? '' : ', error="invalid_token"';
    return { status: 401, message: 'Unauthorized: a bearer token is required', headers: { 'www-authenticate': `Bearer realm="codev"${error}` } };
  };
}
