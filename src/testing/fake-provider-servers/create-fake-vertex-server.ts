import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createMessageResponder } from '../fake-messages-server/create-request-handler.ts';
import { MESSAGES_API_WIRE } from '../fake-messages-server/message-wire.ts';
import type { MessageWire } from '../fake-messages-server/message-wire.ts';
import type { RecordedRequest } from '../fake-messages-server/types.ts';
import { sendGoogleError } from './google-error.ts';
import { answerTokenRequest } from './google-token-endpoint.ts';
import { recordedRequest, startProviderFront } from './start-provider-front.ts';
import type { FrontRequest } from './start-provider-front.ts';
import type { FakeVertexServer, FakeVertexServerOptions } from './types.ts';
import { googleJwtProblem } from './verify-google-jwt.ts';

const PREDICT_PATH = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):(rawPredict|streamRawPredict)$/;
const TOKEN_PATH = '/token';
const ANTHROPIC_VERSION = /^(vertex-2023-10-16|\d{4}-\d{2}-\d{2})$/;

/**
 * The Vertex wire: the Messages API's SSE and error envelope (Vertex passes the model's errors through), except a
 * 429, which is Google's quota error (`RESOURCE_EXHAUSTED` in `{ error: { code, message, status } }`).
 */
const VERTEX_WIRE: MessageWire = {
  ...MESSAGES_API_WIRE,
  sendError(options) {
    if (options.status === 429) return sendGoogleError({ ...options, message: 'Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model with base model: anthropic-claude. Please submit a quota increase request.' });
    MESSAGES_API_WIRE.sendError(options);
  },
};

/**
 * Starts a fake Vertex AI endpoint on 127.0.0.1 for `@anthropic-ai/vertex-sdk` (`baseURL`: the fake's `baseURL`,
 * ending in `/v1`), answering from the same script as {@link createFakeMessagesServer}:
 * - `POST /v1/projects/{project}/locations/{region}/publishers/anthropic/models/{model}:streamRawPredict` (SSE) and
 *   `:rawPredict` (JSON), the body with `anthropic_version` and without `model`; `…/models/count-tokens:rawPredict`
 *   (the body names the model) answers `{ input_tokens }`;
 * - auth: `Authorization: Bearer` with an access token its token endpoint issued, one of `accessTokens`, or a
 *   self-signed JWT of a trusted service account (see {@link writeFakeServiceAccountFile}), else 401 `UNAUTHENTICATED`;
 * - `POST /token`: Google's OAuth token endpoint for a service account's jwt-bearer assertion.
 */
export async function createFakeVertexServer(options: FakeVertexServerOptions): Promise<FakeVertexServer> {
  const requests: RecordedRequest[] = [];
  const issuedTokens: string[] = [];
  const trusted = new Map<string, string>();
  const answer = createMessageResponder(options);
  let tokenURL = '';

  async function handle(request: FrontRequest, response: ServerResponse, requestId: string): Promise<void> {
    if (request.rawPath === TOKEN_PATH && request.method === 'POST') {
      requests.push(recordedRequest(request, {}));
      return answerTokenRequest({ request, response, requestId, tokenURL, trusted, issued: issuedTokens });
    }
    const predict = PREDICT_PATH.exec(request.rawPath);
    const [, project, region, model, method] = predict ?? [];
    const countTokens = model === 'count-tokens' && method === 'rawPredict';
    const body = predict && !countTokens ? { ...request.json, model: decodeURIComponent(model!) } : { ...request.json };
    const recorded = recordedRequest(request, body);
    requests.push(recorded);
    const fail = (status: number, message: string) => sendGoogleError({ response, requestId, status, message });
    if (request.method !== 'POST' || !predict) return fail(404, `The requested URL ${request.rawPath} was not found on this server.`);
    const unauthenticated = authenticationProblem(request.headers.authorization);
    if (unauthenticated) return fail(401, `Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. (${unauthenticated})`);
    if (options.projectId !== undefined && project !== options.projectId) return fail(403, `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/projects/${project}' (or it may not exist).`);
    if (options.region !== undefined && region !== options.region) return fail(404, `Publisher model projects/${project}/locations/${region}/publishers/anthropic/models/${model} not found.`);
    const problem = request.bodyProblem ?? (countTokens ? undefined : predictBodyProblem(request.json!, method === 'streamRawPredict'));
    if (problem) return VERTEX_WIRE.sendError({ response, requestId, status: 400, type: 'invalid_request_error', message: problem });
    await answer({ request: recorded, response, requestId, countTokens, wire: VERTEX_WIRE });
  }

  function authenticationProblem(authorization: string | undefined): string | undefined {
    const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (bearer === undefined) return 'no bearer token';
    if (issuedTokens.includes(bearer) || options.accessTokens?.includes(bearer)) return undefined;
    if (bearer.split('.').length === 3) return googleJwtProblem(bearer, { trusted });
    return 'unknown access token';
  }

  const server = await startProviderFront({
    port: options.port,
    latencyMs: options.latencyMs,
    newRequestId: () => `req_vertex_${randomUUID()}`,
    handle,
    fail: (response, requestId, message) => sendGoogleError({ response, requestId, status: 500, message }),
  });
  tokenURL = `${server.url}${TOKEN_PATH}`;
  return {
    url: server.url,
    baseURL: `${server.url}/v1`,
    tokenURL,
    requests,
    issuedTokens,
    trustServiceAccount: (account) => void trusted.set(account.clientEmail, account.publicKeyPem),
    close: () => server.close(),
  };
}

// Vertex takes the model from the path; the body carries the API version instead.
function predictBodyProblem(body: Record<string, unknown>, streamMethod: boolean): string | undefined {
  if (body.anthropic_version === undefined) return 'anthropic_version: Field required';
  if (typeof body.anthropic_version !== 'string' || !ANTHROPIC_VERSION.test(body.anthropic_version)) return `anthropic_version: Input should be 'vertex-2023-10-16'`;
  if ('model' in body) return 'model: Extra inputs are not permitted';
  if ((body.stream === true) !== streamMethod) return streamMethod ? 'stream: streamRawPredict requires "stream": true' : 'stream: rawPredict does not stream; use streamRawPredict';
  return undefined;
}
