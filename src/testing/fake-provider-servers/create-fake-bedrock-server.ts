import type { ServerResponse } from 'node:http';
import { createMessageResponder } from '../fake-messages-server/create-request-handler.ts';
import type { RecordedRequest } from '../fake-messages-server/types.ts';
import { bedrockRequestId, createBedrockWire, sendBedrockError } from './bedrock-wire.ts';
import { recordedRequest, startProviderFront } from './start-provider-front.ts';
import type { FrontRequest } from './start-provider-front.ts';
import type { FakeBedrockServerOptions, FakeProviderServer } from './types.ts';
import { sigV4Problem } from './verify-sigv4.ts';

const INVOKE_PATH = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
const MESSAGES_API_PATH = '/anthropic/v1/messages';
const ANTHROPIC_VERSION = /^(bedrock-2023-05-31|\d{4}-\d{2}-\d{2})$/;

/**
 * Starts a fake Amazon Bedrock runtime on 127.0.0.1 for `@anthropic-ai/bedrock-sdk`, answering from the same script
 * as {@link createFakeMessagesServer}:
 * - `POST /model/{modelId}/invoke` (JSON) and `/invoke-with-response-stream` (AWS event stream, CRC-checked
 *   frames of `{"bytes": base64(event)}`), the body without `model` and `stream` and with `anthropic_version`;
 * - `POST /anthropic/v1/messages`, Bedrock's Messages API endpoint (the Messages body and SSE), signed for `bedrock`
 *   (bedrock-runtime) or `bedrock-mantle`;
 * - auth: SigV4 (shape, a date within 15 minutes, the region and service in the scope; the signature itself when
 *   the fake knows the secret key) or a Bedrock API key as `Authorization: Bearer`;
 * - errors as Bedrock sends them: `{"message"}` with `x-amzn-ErrorType` (429 `ThrottlingException`, 403
 *   `AccessDeniedException`, …) and mid-stream `exception` messages (`modelStreamErrorException`, …).
 *
 * @example
 * const server = await createFakeBedrockServer({ script: [textReply('Hi.')], accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' });
 * const client = new AnthropicBedrock({ awsRegion: 'us-east-1', awsAccessKey: 'AKIDTEST', awsSecretKey: 'secret', baseURL: server.url });
 */
export async function createFakeBedrockServer(options: FakeBedrockServerOptions): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const answer = createMessageResponder(options);
  const region = options.region ?? 'us-east-1';
  const fail = (response: ServerResponse, requestId: string, status: number, exception: string, message: string) => sendBedrockError({ response, requestId, status, exception, message });

  async function handle(request: FrontRequest, response: ServerResponse, requestId: string): Promise<void> {
    const invoke = INVOKE_PATH.exec(request.rawPath);
    const isMessagesApi = request.rawPath === MESSAGES_API_PATH;
    const model = invoke ? decodeURIComponent(invoke[1]!) : request.json?.model;
    const stream = invoke ? invoke[2] === 'invoke-with-response-stream' : request.json?.stream === true;
    const body = invoke ? { ...request.json, model, stream } : { ...request.json };
    const recorded = recordedRequest(request, body);
    requests.push(recorded);
    if (request.method !== 'POST' || (!invoke && !isMessagesApi)) return fail(response, requestId, 404, 'UnknownOperationException', `Unknown operation ${request.method} ${request.rawPath}`);
    const denied = authenticationProblem(request, isMessagesApi ? ['bedrock', 'bedrock-mantle'] : ['bedrock']);
    if (denied) return fail(response, requestId, 403, denied.exception, denied.message);
    if (request.bodyProblem) return fail(response, requestId, 400, 'ValidationException', request.bodyProblem);
    if (invoke) {
      const problem = invokeBodyProblem(request.json!);
      if (problem) return fail(response, requestId, 400, 'ValidationException', problem);
    }
    if (options.models && !options.models.includes(String(model))) return fail(response, requestId, 400, 'ValidationException', 'The provided model identifier is invalid.');
    await answer({ request: recorded, response, requestId, countTokens: false, wire: invoke ? createBedrockWire() : undefined });
  }

  function authenticationProblem(request: FrontRequest, service: readonly string[]) {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) {
      if (options.apiKey !== undefined && bearer === options.apiKey) return undefined;
      return { exception: 'UnrecognizedClientException', message: 'Invalid API Key format: Must start with pre-defined prefix' };
    }
    return sigV4Problem(request, { region, service, accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey });
  }

  const server = await startProviderFront({
    port: options.port,
    latencyMs: options.latencyMs,
    newRequestId: bedrockRequestId,
    handle,
    fail: (response, requestId, message) => fail(response, requestId, 500, 'InternalServerException', message),
  });
  return { url: server.url, requests, close: () => server.close() };
}

// Bedrock takes the model from the path and the streaming from the operation: the body must not name them.
function invokeBodyProblem(body: Record<string, unknown>): string | undefined {
  if (body.anthropic_version === undefined) return 'Malformed input request: #: required key [anthropic_version] not found, please reformat your input and try again.';
  if (typeof body.anthropic_version !== 'string' || !ANTHROPIC_VERSION.test(body.anthropic_version)) return `Malformed input request: #/anthropic_version: ${JSON.stringify(body.anthropic_version)} is not a valid enum value, please reformat your input and try again.`;
  for (const key of ['model', 'stream']) {
    if (key in body) return `Malformed input request: #: extraneous key [${key}] is not permitted, please reformat your input and try again.`;
  }
  return undefined;
}
