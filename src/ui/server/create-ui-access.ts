import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CodevError } from '../../errors/codev-error.ts';
import { createRequestAccessCheck } from '../../mcp-server/http/check-request-access.ts';
import { createUiSessions } from './create-ui-sessions.ts';


/** Characters a token may have: safe in a query string, a cookie and a bearer header alike. */
const TOKEN_CHARACTERS = /^[A-Za-z0-9\-._~]{16,512}$/;

/**
 * How one request stands: refused outright (bad Host, two Host headers, a foreign Origin), or how it signed in:
 * with the token as a bearer, with the session cookie, or not at all.
 */
export type UiAccessVerdict = { kind: 'refused'; status: 400 | 403; message: string } | { kind: 'checked'; authenticated: false | 'bearer' | 'cookie' };

/** The access rules of one `codev ui` server (see `createUiAccess`). */
export interface UiAccess {
  /** The cookie that carries a session secret (never the token): named after the port, so two servers keep their own. */
  cookieName: string;
  /** `http://host:port`: the only Origin a POST may come from. */
  origin: string;
  check(request: IncomingMessage): UiAccessVerdict;
  /** Whether `candidate` is the token (compared as SHA-256 digests, in constant time). */
  isToken(candidate: string): boolean;
  /** A new session secret for the cookie (see `createUiSessions`). */
  startSession(): string;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The token is always required (there is no `--no-token`: any page of the browser could else read every
 * transcript through DNS rebinding's cousins). Host must name this server (DNS rebinding); an Origin, when sent,
 * must be this server's; two Host or Authorization headers are refused. The token comes as `Authorization: Bearer`
 * or once as `/?token=`, which trades it for a session secret: the cookie carries that secret, never the token (a
 * browser hands a loopback cookie to every port of the host). UI_SERVE_FAILED for a token no client can send.
 */
export function createUiAccess(options: { host: string; port: number; token: string }): UiAccess {
  if (!TOKEN_CHARACTERS.test(options.token)) {
    throw new CodevError('UI_SERVE_FAILED', 'The token of codev ui must be 16 to 512 letters, digits, "-", ".", "_" or "~".', { hint: 'leave --token out for a random one, or use e.g. `openssl rand -hex 32`' });
  }
  const expected = digest(options.token);
  const isToken = (candidate: string) => timingSafeEqual(digest(candidate), expected);
  const hostAndBearer = createRequestAccessCheck({ host: options.host, port: options.port, token: options.token });
  const cookieName = `codev_ui_${options.port}`;
  const sessions = createUiSessions(options.token);
  const shownHost = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  return {
    cookieName,
    origin: `http://${shownHost}:${options.port}`,
    isToken,
    startSession: () => sessions.start(),
    check(request) {
      const refusal = hostAndBearer(request);
      if (refusal === undefined) return { kind: 'checked', authenticated: 'bearer' };
      if (refusal.status !== 401) return { kind: 'refused', status: refusal.status, message: refusal.message };
      return { kind: 'checked', authenticated: cookieValues(request.headers.cookie, cookieName).some((value) => sessions.has(value)) && 'cookie' };
    },
  };
}

/** Every value of the cookie `name` in a Cookie header (a browser may send two of one name, from two paths). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((pair) => pair.trim().split('='))
    .filter(([key, value]) => key === name && value !== undefined && value !== '')
    .map(([, value]) => value!);
}
