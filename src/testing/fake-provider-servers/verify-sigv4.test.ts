import { Sha256 } from '@aws-crypto/sha256-js';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { sigV4Problem } from './verify-sigv4.ts';

const CREDENTIALS = { accessKeyId: 'AKIDSIGV4TEST', secretAccessKey: 'sigv4-test-secret' };
const SIGNED_AT = new Date('2026-12-07T02:00:00Z');
const BODY = '{"max_tokens":64,"messages":[{"role":"user","content":"héllo"}],"anthropic_version":"bedrock-2023-05-31"}';

/** A request signed by the signer the Bedrock SDK uses, as the fake would read it off the wire. */
async function signed(options: { path?: string; query?: Record<string, string>; body?: string } = {}) {
  const path = options.path ?? '/model/us.anthropic.claude-sonnet-4-6-v1:0/invoke';
  const signer = new SignatureV4({ service: 'bedrock', region: 'us-east-1', credentials: CREDENTIALS, sha256: Sha256 });
  const request = await signer.sign(
    new HttpRequest({ method: 'POST', protocol: 'http:', hostname: '127.0.0.1', port: 8080, path, query: options.query ?? {}, headers: { host: '127.0.0.1:8080', 'content-type': 'application/json' }, body: options.body ?? BODY }),
    { signingDate: SIGNED_AT },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const rawQuery = new URLSearchParams(options.query ?? {}).toString();
  return { method: 'POST', path, rawPath: path, query: options.query ?? {}, rawQuery, headers, rawBody: BODY };
}

const expected = { region: 'us-east-1', service: 'bedrock', ...CREDENTIALS, now: SIGNED_AT };

describe('sigV4Problem', () => {
  it('accepts a signature of smithy\'s signer, a query string and a colon in the path included', async () => {
    expect(sigV4Problem(await signed(), expected)).toBeUndefined();
    expect(sigV4Problem(await signed({ query: { b: 'x y', a: '1' } }), expected)).toBeUndefined();
  });

  it('refuses a tampered body, path or header, and a wrong secret', async () => {
    const request = await signed();
    expect(sigV4Problem({ ...request, rawBody: BODY.replace('64', '65') }, expected)?.exception).toBe('InvalidSignatureException');
    expect(sigV4Problem({ ...request, rawPath: request.rawPath.replace('invoke', 'invoke-with-response-stream') }, expected)?.exception).toBe('InvalidSignatureException');
    expect(sigV4Problem({ ...request, headers: { ...request.headers, 'content-type': 'text/plain' } }, expected)?.exception).toBe('InvalidSignatureException');
    expect(sigV4Problem(request, { ...expected, secretAccessKey: 'another' })?.exception).toBe('InvalidSignatureException');
  });

  it('refuses a signature more than 15 minutes off, another region or service, and checks only the shape without the secret', async () => {
    const request = await signed();
    expect(sigV4Problem(request, { ...expected, now: new Date(SIGNED_AT.getTime() + 14 * 60_000) })).toBeUndefined();
    expect(sigV4Problem(request, { ...expected, now: new Date(SIGNED_AT.getTime() + 16 * 60_000) })?.message).toMatch(/^Signature expired/);
    expect(sigV4Problem(request, { ...expected, region: 'eu-west-1' })?.exception).toBe('InvalidSignatureException');
    expect(sigV4Problem(request, { ...expected, service: 'bedrock-mantle' })?.exception).toBe('InvalidSignatureException');
    const shapeOnly = { region: 'us-east-1', service: 'bedrock', now: SIGNED_AT };
    expect(sigV4Problem({ ...request, headers: { ...request.headers, authorization: request.headers.authorization!.replace(/Signature=\w+/, `Signature=${'0'.repeat(64)}`) } }, shapeOnly)).toBeUndefined();
    expect(sigV4Problem({ ...request, headers: { ...request.headers, authorization: 'AWS4-HMAC-SHA256 Credential=x' } }, shapeOnly)?.exception).toBe('IncompleteSignatureException');
  });
});
