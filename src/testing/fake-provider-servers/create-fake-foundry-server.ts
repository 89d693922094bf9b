import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createMessageResponder } from '../fake-messages-server/create-request-handler.ts';
import { sendError } from '../fake-messages-server/send-error.ts';
import { sendJson } from '../fake-messages-server/send-json.ts';
import type { RecordedRequest } from '../fake-messages-server/types.ts';
import { recordedRequest, startProviderFront } from './start-provider-front.ts';
import type { FrontRequest } from './start-provider-front.ts';
import type { FakeFoundryServerOptions, FakeProviderServer } from './types.ts';

const MESSAGES_PATH = '/anthropic/v1/messages';
const COUNT_TOKENS_PATH = '/anthropic/v1/messages/count_tokens';

/**
 * Starts a fake Microsoft Foundry endpoint on 127.0.0.1 for `@anthropic-ai/foundry-sdk` (`baseURL`:
 * `{url}/anthropic/`), answering from the same script as {@link createFakeMessagesServer}: `POST
 * /anthropic/v1/messages` and `/anthropic/v1/messages/count_tokens` with the Messages API's body, SSE and error
 * envelope; the key as `api-key` or `x-api-key`, or a Microsoft Entra token as `Authorization: Bearer`; a request
 * without them gets Azure's 401 `{ error: { code: '401', message } }`.
 */
export async function createFakeFoundryServer(options: FakeFoundryServerOptions): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const answer = createMessageResponder(options);

  async function handle(request: FrontRequest, response: ServerResponse, requestId: string): Promise<void> {
    const recorded = recordedRequest(request, { ...request.json });
    requests.push(recorded);
    const countTokens = request.rawPath === COUNT_TOKENS_PATH;
    if (request.method !== 'POST' || (request.rawPath !== MESSAGES_PATH && !countTokens)) {
      return sendJson({ response, status: 404, requestId, body: { error: { code: '404', message: 'Resource not found' } } });
    }
    if (!authenticated(request.headers)) {
      const message = 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.';
      return sendJson({ response, status: 401, requestId, body: { error: { code: '401', message } } });
    }
    await answer({ request: recorded, bodyProblem: request.bodyProblem, response, requestId, countTokens });
  }

  function authenticated(headers: Record<string, string>): boolean {
    const key = headers['api-key'] ?? headers['x-api-key'];
    const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
    if (key !== undefined) return options.apiKey === undefined || key === options.apiKey;
    if (bearer !== undefined) return options.entraToken !== undefined && bearer === options.entraToken;
    return options.apiKey === undefined && options.entraToken === undefined;
  }

  const server = await startProviderFront({
    port: options.port,
    latencyMs: options.latencyMs,
    newRequestId: () => `req_foundry_${randomUUID()}`,
    handle,
    fail: (response, requestId, message) => sendError({ response, requestId, status: 500, type: 'api_error', message, shouldRetry: false }),
  });
  return { url: server.url, requests, close: () => server.close() };
}
