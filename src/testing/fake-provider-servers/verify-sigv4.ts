import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestBasics } from '../read-request.ts';

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([^/\s,]+)\/([^/\s,]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const MAX_SKEW_MS = 15 * 60 * 1000;

/** What {@link sigV4Problem} checks a request against. */
export interface SigV4Expectation {
  region: string;
  /** The service (or services) the scope may name, e.g. `bedrock`. */
  service: string | readonly string[];
  /** When set with `secretAccessKey`, the signature is recomputed and must match; else only its shape is checked. */
  accessKeyId?: string;
  secretAccessKey?: string;
  now?: Date;
}

/** Why a request's SigV4 fails, with the exception AWS answers (status 403), or undefined when it passes. */
export interface SigV4Failure {
  exception: 'MissingAuthenticationTokenException' | 'IncompleteSignatureException' | 'InvalidSignatureException' | 'UnrecognizedClientException';
  message: string;
}

/**
 * Checks a request's AWS Signature Version 4 as Bedrock does: an `Authorization: AWS4-HMAC-SHA256 Credential=…,
 * SignedHeaders=…, Signature=<64 hex>` header, an `x-amz-date` within 15 minutes, a scope naming the region and the
 * service, `host` and `x-amz-date` signed, and, given the secret key, the signature itself (canonical request of the
 * method, the path URI-encoded twice, the sorted query, the signed headers and the body's SHA-256).
 */
export function sigV4Problem(request: RequestBasics & { rawPath: string; rawQuery: string }, expected: SigV4Expectation): SigV4Failure | undefined {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return { exception: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const match = AUTHORIZATION.exec(authorization);
  if (!match) return { exception: 'IncompleteSignatureException', message: `Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters. Authorization=${authorization}` };
  const [, accessKeyId, scopeDate, region, service, signedHeaderList, signature] = match as unknown as string[];
  const amzDate = request.headers['x-amz-date'] ?? '';
  const date = AMZ_DATE.exec(amzDate);
  if (!date) return { exception: 'IncompleteSignatureException', message: "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header." };
  const signedAt = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), Number(date[4]), Number(date[5]), Number(date[6]));
  const now = (expected.now ?? new Date()).getTime();
  if (Math.abs(now - signedAt) > MAX_SKEW_MS) return { exception: 'InvalidSignatureException', message: `Signature expired: ${amzDate} is now earlier or later than 15 minutes from the server's time.` };
  if (scopeDate !== amzDate.slice(0, 8)) return { exception: 'InvalidSignatureException', message: `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${scopeDate}' != '${amzDate.slice(0, 8)}'` };
  if (region !== expected.region) return { exception: 'InvalidSignatureException', message: `Credential should be scoped to a valid region, not '${region}'. Expected '${expected.region}'.` };
  const services: readonly string[] = typeof expected.service === 'string' ? [expected.service] : expected.service;
  if (!services.includes(service!)) return { exception: 'InvalidSignatureException', message: `Credential should be scoped to correct service: '${services[0]}'.` };
  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) return { exception: 'InvalidSignatureException', message: "'Host' and 'X-Amz-Date' must be signed headers." };
  if (expected.accessKeyId !== undefined && accessKeyId !== expected.accessKeyId) return { exception: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  const contentHash = request.headers['x-amz-content-sha256'];
  if (contentHash !== undefined && contentHash !== sha256(request.rawBody)) return { exception: 'InvalidSignatureException', message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
  if (expected.secretAccessKey === undefined) return undefined;
  const expectedSignature = computeSignature({ request, signedHeaders, scope: `${scopeDate}/${region}/${service}/aws4_request`, amzDate, secretAccessKey: expected.secretAccessKey, region: region!, service: service!, scopeDate: scopeDate! });
  if (timingSafeEqual(Buffer.from(expectedSignature), Buffer.from(signature!))) return undefined;
  return { exception: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.' };
}

function computeSignature(options: {
  request: RequestBasics & { rawPath: string; rawQuery: string };
  signedHeaders: string[];
  scope: string;
  amzDate: string;
  secretAccessKey: string;
  region: string;
  service: string;
  scopeDate: string;
}): string {
  const { request } = options;
  const payloadHash = sha256(request.rawBody);
  const canonicalRequest = [
    request.method,
    canonicalPath(request.rawPath),
    canonicalQuery(request.rawQuery),
    ...options.signedHeaders.map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}`),
    '',
    options.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', options.amzDate, options.scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${options.secretAccessKey}`, options.scopeDate);
  for (const part of [options.region, options.service, 'aws4_request']) key = hmac(key, part);
  return hmac(key, stringToSign).toString('hex');
}

// The path as sent (already percent-encoded once) is encoded again, slashes kept: AWS's rule for every service but S3.
function canonicalPath(rawPath: string): string {
  return escapeUri(rawPath).replace(/%2F/g, '/');
}

function canonicalQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  return [...new URLSearchParams(rawQuery)]
    .map(([key, value]) => `${escapeUri(key)}=${escapeUri(value)}`)
    .sort()
    .join('&');
}

function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}
