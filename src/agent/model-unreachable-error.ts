import { proxyNote } from './proxy-note.ts';
import { withoutCredentials } from './without-credentials.ts';
import type { ModelError, ModelUnreachableReason } from './types.ts';

/** Where the SDK sends requests when no base URL is given. */
export const DEFAULT_MODEL_BASE_URL = 'https://api.anthropic.com';

const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']);

/**
 * The model error of a request that never got an answer from the server (`MODEL_UNREACHABLE`), from the
 * cause the SDK's `Connection error.` (an `APIConnectionError`, thrown before any response) wraps (node's `fetch failed` → the socket's error): the connection
 * refused, the host name unknown, the certificate refused, no answer in time, or the connection closed
 * before any byte (a cause of another kind has no `reason`). The message names the URL that was tried and
 * what to change, and a proxy the environment names (`proxyNote`). A stream that broke after the 200 is not one
 * of these: it stays `MODEL_STREAM_BROKEN`.
 *
 * Retried (by the agent's request policy): a refused or reset connection and a timeout, cheap to try again
 * and what a server restarting or a busy proxy looks like; a temporary DNS failure (`EAI_AGAIN`). Not
 * retried: a name that does not exist and a refused certificate, which no retry changes (a typo in the URL
 * fails at once instead of after the backoff), nor a server that does not speak HTTP, nor a base URL fetch
 * cannot use (a port out of range, a user name and password in it: the URL is named with `***` in their place).
 */
export function modelUnreachableError(error: unknown, baseURL: string | undefined): ModelError {
  const url = withoutCredentials((baseURL ?? DEFAULT_MODEL_BASE_URL).replace(/\/+$/, ''));
  const check = url === DEFAULT_MODEL_BASE_URL ? 'check the network (a firewall or a proxy?)' : `is ANTHROPIC_BASE_URL (or the agent's baseURL) right? Unset it to use ${DEFAULT_MODEL_BASE_URL}`;
  const note = proxyNote({ url });
  const unreachable = (reason: ModelUnreachableReason, retryable: boolean, message: string): ModelError => ({ code: 'MODEL_UNREACHABLE', reason, retryable, message: `${message}${note}` });
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (code === 'ECONNREFUSED') return unreachable('refused', true, `Nothing listens at ${url} (connection refused): ${check}.`);
    if (code === 'ENOTFOUND') return unreachable('dns', false, `The host name ${hostOf(url)} (of ${url}) does not resolve: ${check}.`);
    if (code === 'EAI_AGAIN') return unreachable('dns', true, `The host name ${hostOf(url)} (of ${url}) could not be resolved now (a temporary DNS failure): check the network.`);
    if (typeof code === 'string' && TLS_CODE.test(code)) {
      const fix = code === 'EPROTO' || code.startsWith('ERR_SSL_') ? `does ${url} speak TLS? For a plain HTTP server use http:// in ANTHROPIC_BASE_URL` : `if the server is yours, trust its CA with NODE_EXTRA_CA_CERTS=/path/to/ca.pem`;
      return unreachable('tls', false, `The TLS connection to ${url} failed (${code}: ${text}): ${fix}.`);
    }
    if ((typeof code === 'string' && TIMEOUT_CODES.has(code)) || name === 'APIConnectionTimeoutError') {
      return unreachable('timeout', true, `No answer from ${url} in time (${typeof code === 'string' ? code : text}): ${check}.`);
    }
    if (typeof code === 'string' && RESET_CODES.has(code)) return unreachable('reset', true, `${url} closed the connection before answering (${code}): is it an Anthropic-compatible server, and http:// or https:// as it should be?`);
    // undici's HTTP parser (HPE_INVALID_CONSTANT...): something listens there, but it does not speak HTTP.
    if (typeof code === 'string' && code.startsWith('HPE_')) return unreachable('protocol', false, `${url} answered, but not in HTTP (${code}): is it an Anthropic-compatible server, and is the port right?`);
    // Thrown before any connection: no retry changes the URL.
    if (code === 'ERR_INVALID_URL' && /\s/.test(url)) return unreachable('url', false, `${JSON.stringify(url)} has white space in it, which a URL cannot have: remove it from ANTHROPIC_BASE_URL (or the agent's baseURL).`);
    if (code === 'ERR_INVALID_URL') return unreachable('url', false, `${url} is not a URL fetch can use (${text}; a port is 1 to 65535): fix ANTHROPIC_BASE_URL (or the agent's baseURL).`);
    if (/URL that includes credentials/.test(text)) return unreachable('url', false, `fetch will not send a request to a URL with a user name and password in it (${url}): remove them from ANTHROPIC_BASE_URL (or the agent's baseURL).`);
    // fetch refuses some ports outright (the "bad ports" of the Fetch standard: 9, 25, 6000...).
    if (text === 'bad port') return unreachable('refused', false, `fetch will not connect to port ${portOf(url)} of ${url} (a port the Fetch standard blocks): use another port in ANTHROPIC_BASE_URL.`);
  }
  // A cause of no kind above: still no answer, said with the deepest message there is.
  return { code: 'MODEL_UNREACHABLE', retryable: true, message: `The connection to ${url} failed (${deepestMessage(error).replace(/([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi, '$1***@')}): ${check}.${note}` };
}

/** The message of the innermost cause that has one (fetch wraps the socket's error: its message says what failed). */
export function deepestMessage(error: unknown): string {
  let message = '';
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    const text = (current as { message?: unknown }).message;
    if (typeof text === 'string' && text !== '') message = text;
  }
  return message;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function portOf(url: string): string {
  try {
    return new URL(url).port;
  } catch {
    return '?';
  }
}
