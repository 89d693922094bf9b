import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from '../fake-messages-server/send-json.ts';
import type { FrontRequest } from './start-provider-front.ts';
import { googleJwtProblem } from './verify-google-jwt.ts';

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const TOKEN_LIFETIME_SECONDS = 3600;

/**
 * Google's OAuth token endpoint for service accounts: `POST token_uri` with the form `grant_type=<jwt-bearer>`
 * and `assertion=<RS256 JWT>` (iss the account, aud the token URL, scope) answers `{ access_token, expires_in,
 * token_type: 'Bearer' }`, or 400 `{ error: 'invalid_grant', error_description }`.
 */
export function answerTokenRequest(options: { request: FrontRequest; response: ServerResponse; requestId: string; tokenURL: string; trusted: ReadonlyMap<string, string>; issued: string[] }): void {
  const { request, response, requestId } = options;
  const form = new URLSearchParams(request.rawBody);
  const refuse = (error: string, description: string) => sendJson({ response, status: 400, requestId, body: { error, error_description: description } });
  if (form.get('grant_type') !== JWT_BEARER_GRANT) return refuse('unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`);
  const problem = googleJwtProblem(form.get('assertion') ?? '', { trusted: options.trusted, audience: [options.tokenURL, GOOGLE_TOKEN_URL] });
  if (problem) return refuse('invalid_grant', `Invalid JWT: ${problem}`);
  const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
  options.issued.push(accessToken);
  sendJson({ response, status: 200, requestId, body: { access_token: accessToken, expires_in: TOKEN_LIFETIME_SECONDS, token_type: 'Bearer' } });
}
