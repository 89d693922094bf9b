import { createPublicKey, verify } from 'node:crypto';

/** The scope Vertex AI needs. */
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const CLOCK_SKEW_SECONDS = 300;

/** A service account whose JWTs the fake trusts. */
export interface TrustedServiceAccount {
  clientEmail: string;
  publicKeyPem: string;
}

/**
 * Why a service account's RS256 JWT is not acceptable, or undefined when it is: three base64url parts, header
 * `alg: RS256`, an `iss` the fake trusts whose public key verifies the signature, `iat`/`exp` around now, a `scope`
 * holding cloud-platform, and, when `audience` is given, an `aud` among them (a token request's assertion is for
 * the token endpoint; a self-signed JWT sent as the bearer has a scope and no audience).
 */
export function googleJwtProblem(token: string, options: { trusted: ReadonlyMap<string, string>; audience?: readonly string[]; now?: Date }): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return 'not a JWT';
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  let header: Record<string, unknown>;
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8'));
  } catch {
    return 'the JWT header or payload is not JSON';
  }
  if (header.alg !== 'RS256') return `unsupported JWT alg ${String(header.alg)}`;
  const publicKeyPem = options.trusted.get(String(payload.iss));
  if (publicKeyPem === undefined) return `unknown service account ${String(payload.iss)}`;
  const signed = verify('RSA-SHA256', Buffer.from(`${encodedHeader}.${encodedPayload}`), createPublicKey(publicKeyPem), Buffer.from(encodedSignature, 'base64url'));
  if (!signed) return 'invalid JWT signature';
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp < now - CLOCK_SKEW_SECONDS) return 'the JWT has expired';
  if (typeof payload.iat !== 'number' || payload.iat > now + CLOCK_SKEW_SECONDS) return 'the JWT is issued in the future';
  if (options.audience && !options.audience.includes(String(payload.aud))) return `invalid JWT audience ${String(payload.aud)}`;
  if (!String(payload.scope ?? '').split(' ').includes(CLOUD_PLATFORM_SCOPE)) return `the JWT scope must include ${CLOUD_PLATFORM_SCOPE}`;
  return undefined;
}
