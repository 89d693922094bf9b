import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage } from '../../errors/codev-error.ts';
import { authenticationFailure } from './authentication-failure.ts';
import { compatibleServerRefusal } from './compatible-server-refusal.ts';
import { createPromptCache } from './create-prompt-cache.ts';
import { estimateInputTokens } from './estimate-tokens.ts';
import { recordRequest } from './record-request.ts';
import { sendError } from './send-error.ts';
import { sendJson } from './send-json.ts';
import { MESSAGES_API_WIRE } from './message-wire.ts';
import type { MessageWire } from './message-wire.ts';
import { sendReply } from './send-reply.ts';
import { takeScriptReply } from './take-script-reply.ts';
import type { FakeMessagesServerOptions, RecordedRequest } from './types.ts';
import { validateMessageRequest } from './validate-message-request.ts';
import { abortableSleep as sleep } from '../abortable-sleep.ts';

const MESSAGES_PATH = '/v1/messages';
const COUNT_TOKENS_PATH = '/v1/messages/count_tokens';

/**
 * The fake server's request listener. For each request it:
 * 1. records it in `requests` and waits `latencyMs`;
 * 2. answers 404 `not_found_error` unless it is `POST /v1/messages` or `POST /v1/messages/count_tokens` (that
 *    one too when `unsupported` has `countTokens`);
 * 3. answers 401 `authentication_error` unless it carries `apiKey` (when one is set);
 * 4. answers 400 `invalid_request_error` when the body is not a valid request, or uses a feature of `unsupported`;
 * 5. answers a token count; a request over `contextWindow` with 400 "prompt is too long"; a request for one
 *    of `overloadedModels` with 529 `overloaded_error`;
 * 6. else the next scripted reply (500 `api_error`, not retryable, when there is none).
 */
export function createRequestHandler(options: FakeMessagesServerOptions & { requests: RecordedRequest[]; signal: AbortSignal }) {
  let requestCount = 0;
  const unsupported = new Set(options.unsupported);
  const answer = createMessageResponder(options);
  return async function handleRequest(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = `req_fake_${++requestCount}`;
    const fail = (status: number, type: string, message: string) => sendError({ response, requestId, status, type, message, shouldRetry: status >= 500 ? false : undefined });
    try {
      const { recorded: request, bodyProblem } = await recordRequest(incoming);
      options.requests.push(request);
      await sleep(options.latencyMs ?? 0, options.signal);
      if (options.signal.aborted) return;
      const isCountTokens = request.path === COUNT_TOKENS_PATH;
      if (isCountTokens && unsupported.has('countTokens')) return fail(404, 'not_found_error', `Not found: ${request.method} ${request.path}. This server has no token counting.`);
      if (request.method !== 'POST' || (request.path !== MESSAGES_PATH && !isCountTokens)) {
        return fail(404, 'not_found_error', `Not found: ${request.method} ${request.path}. The fake serves POST ${MESSAGES_PATH} and POST ${COUNT_TOKENS_PATH}.`);
      }
      const authenticationProblem = authenticationFailure(request.headers, options.apiKey);
      if (authenticationProblem) return fail(401, 'authentication_error', authenticationProblem);
      await answer({ request, bodyProblem, response, requestId, countTokens: isCountTokens });
    } catch (error) {
      if (response.headersSent) response.socket?.destroy();
      else fail(500, 'api_error', `The fake Messages server failed: ${errorMessage(error)}`);
    }
  };
}

/** One authorized request a front hands the Messages pipeline, already read and normalized to the Messages API's body. */
export interface MessageExchange {
  /** Normalized: `model` and `stream` in the body as the Messages API has them, whatever the provider's wire. */
  request: RecordedRequest;
  /** Why the raw body was not a JSON object, when it was not. */
  bodyProblem?: string;
  response: ServerResponse;
  requestId: string;
  /** A token count (`/v1/messages/count_tokens` or the provider's equivalent) rather than a message. */
  countTokens: boolean;
  /** The provider's envelope and framing; default the Messages API's. */
  wire?: MessageWire;
}

/**
 * Steps 4 to 6 of the Messages pipeline (validation, token counts, context window, overloaded models, the script),
 * for the fake Messages server and for the provider fronts (Bedrock, Vertex, Foundry) that read, authenticate and
 * normalize a request their own way and answer in their own envelope and framing.
 */
export function createMessageResponder(options: Pick<FakeMessagesServerOptions, 'script' | 'contextWindow' | 'promptCache' | 'overloadedModels' | 'unsupported'>) {
  const unsupported = new Set(options.unsupported);
  const promptCache = options.promptCache && !unsupported.has('promptCaching') ? createPromptCache(typeof options.promptCache === 'object' ? options.promptCache : {}) : undefined;
  let replyCount = 0;
  const thoughtToolUses = new Set<string>();
  const overloadedModels = new Set(options.overloadedModels);
  return async function answer(exchange: MessageExchange): Promise<void> {
    const { request, response, requestId } = exchange;
    const wire = exchange.wire ?? MESSAGES_API_WIRE;
    const fail = (status: number, type: string, message: string) => wire.sendError({ response, requestId, status, type, message, shouldRetry: status >= 500 ? false : undefined });
    const invalidity = exchange.bodyProblem ?? validateMessageRequest(request.body, { requireMaxTokens: !exchange.countTokens, thoughtToolUses });
    if (invalidity) return fail(400, 'invalid_request_error', invalidity);
    const refusal = unsupported.size > 0 ? compatibleServerRefusal(request.body, unsupported) : undefined;
    if (refusal) return fail(400, 'invalid_request_error', refusal);
    const inputTokens = estimateInputTokens(request.body);
    if (exchange.countTokens) return sendJson({ response, status: 200, body: { input_tokens: inputTokens }, requestId });
    if (options.contextWindow !== undefined && inputTokens > options.contextWindow) return fail(400, 'invalid_request_error', `prompt is too long: ${inputTokens} tokens > ${options.contextWindow} maximum`);
    if (overloadedModels.has(String(request.body.model))) return wire.sendError({ response, requestId, status: 529, type: 'overloaded_error', message: 'Overloaded' });
    const index = replyCount++;
    const taken = await takeScriptReply({ script: options.script, request, index });
    if (taken.problem !== undefined) return fail(500, 'api_error', taken.problem);
    const cacheUsage = promptCache?.account(request.body);
    const reply = cacheUsage && 'content' in taken.reply ? { ...taken.reply, usage: { ...cacheUsage, ...taken.reply.usage } } : taken.reply;
    await sendReply({ response, request, reply, replyNumber: index + 1, requestId, inputTokens, thoughtToolUses, wire });
  };
}
