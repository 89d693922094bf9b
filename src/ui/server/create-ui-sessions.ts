import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** How many browser sessions one server keeps; a further sign-in ends the oldest (that browser signs in again). */
export const MAX_UI_SESSIONS = 64;

/** The secrets the session cookie carries: minted at `/?token=`, kept in memory only (they die with the server). */
export interface UiSessions {
  /** A fresh secret (32 random bytes, base64url), never the token; the oldest is dropped past MAX_UI_SESSIONS. */
  start(): string;
  /** Whether `candidate` is a live secret (compared as SHA-256 digests, in constant time, against every one). */
  has(candidate: string): boolean;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The cookie is not the token: a browser sends a loopback cookie to every port of the host, so any other server
 * on 127.0.0.1 the browser visits reads it. A stolen secret still opens this server while it runs, but it is no
 * bearer, it is not the token a script or another browser was given, and it dies with the server.
 */
export function createUiSessions(): UiSessions {
  const digests: Buffer[] = [];
  return {
    start() {
      const secret = randomBytes(32).toString('base64url');
      digests.push(digest(secret));
      if (digests.length > MAX_UI_SESSIONS) digests.shift();
      return secret;
    },
    has(candidate) {
      const wanted = digest(candidate);
      let found = false;
      for (const known of digests) found = timingSafeEqual(known, wanted) || found;
      return found;
    },
  };
}
