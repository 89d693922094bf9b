import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The secrets the session cookie carries: minted at `/?token=`, each `<nonce>.<HMAC-SHA256(token, nonce)>`. */
export interface UiSessions {
  /** A fresh secret (a random nonce and its MAC under the token), never the token and not enough to find it. */
  start(): string;
  /** Whether `candidate` is a secret this token minted (its MAC compared in constant time). */
  has(candidate: string): boolean;
}

/**
 * The cookie is not the token: a browser sends a loopback cookie to every port of the host, so any other server
 * on 127.0.0.1 the browser visits reads it. A stolen secret opens this server (no bearer, not the token a script
 * or another browser was given) for as long as the token lives: with the random token of each run, it dies with
 * the server; a server started again with the same `--token` (a restart) keeps its browsers signed in.
 */
export function createUiSessions(token: string): UiSessions {
  const mac = (nonce: string) => createHmac('sha256', token).update(nonce).digest();
  return {
    start() {
      const nonce = randomBytes(24).toString('base64url');
      return `${nonce}.${mac(nonce).toString('base64url')}`;
    },
    has(candidate) {
      const dot = candidate.indexOf('.');
      if (dot <= 0) return false;
      const given = Buffer.from(candidate.slice(dot + 1), 'base64url');
      const wanted = mac(candidate.slice(0, dot));
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}
