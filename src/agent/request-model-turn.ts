import type Anthropic from '@anthropic-ai/sdk';
import type { Span } from '@opentelemetry/api';
import { retryWaitMs } from './retry-wait-ms.ts';
import { sleepUnlessAborted } from './sleep-unless-aborted.ts';
import type { QueryRequests } from './create-query-requests.ts';
import { streamModelTurn } from './stream-model-turn.ts';
import { withoutClientSecrets } from './without-client-secrets.ts';
import { toModelError } from './to-model-error.ts';
import { clientProvider } from '../model/providers/client-provider.ts';
import type { RequestPolicy } from '../tool/agent-scope.ts';
import type { AgentEvent, ModelError } from './types.ts';

/** How a model turn ended: its message, a model error (after any retries), or the signal's abort. */
export type ModelTurnOutcome = { type: 'message'; message: Anthropic.Message } | { type: 'error'; error: ModelError } | { type: 'aborted' };

/**
 * One model turn under the agent's request policy:
 * 1. streams an attempt (`streamModelTurn`: the SDK retries nothing itself, a silent stream is abandoned
 *    after `streamIdleTimeoutMs`);
 * 2. on a retryable failure with retries left, works out the wait (the server's `retry-after`, else
 *    backoff); a wait over `maxRetryWaitMs` ends the turn with the error, saying when to try again;
 * 3. yields a `retry` event (also a `codev.retry` event on the request's `span`), waits (the signal cuts
 *    the wait short) and tries again.
 * Every path ends in an outcome value; an abort of `signal` ends it at once, whatever it was doing.
 */
export async function* requestModelTurn(options: {
  client: Anthropic;
  params: Anthropic.MessageCreateParamsNonStreaming;
  signal: AbortSignal;
  policy: RequestPolicy;
  /** The request's OpenTelemetry `chat` span. */
  span?: Span;
  /** The query's shared signal and idle watchdog (see `createQueryRequests`); without them, each attempt gets its own. */
  requests?: QueryRequests;
  /** Told of each retry as its event is yielded (the turn loop records it in the session's transcript). */
  onRetry?: (retry: Extract<AgentEvent, { type: 'retry' }>) => void;
}): AsyncGenerator<AgentEvent, ModelTurnOutcome, void> {
  const { policy, signal } = options;
  for (let retry = 1; ; retry++) {
    try {
      const message = yield* streamModelTurn({ client: options.client, params: options.params, signal, idleTimeoutMs: policy.streamIdleTimeoutMs, span: options.span, requests: options.requests });
      return { type: 'message', message };
    } catch (error) {
      if (signal.aborted) return { type: 'aborted' };
      const modelError = withoutClientSecrets(toModelError(error, { baseURL: options.client.baseURL, provider: clientProvider(options.client), model: options.params.model }), options.client);
      if (!modelError.retryable || retry > policy.maxRetries) return { type: 'error', error: modelError };
      const waitMs = retryWaitMs({ error: modelError, retry, baseDelayMs: policy.retryBaseDelayMs });
      if (waitMs > policy.maxRetryWaitMs) return { type: 'error', error: tooLongToWait(modelError, waitMs, policy.maxRetryWaitMs) };
      const event: Extract<AgentEvent, { type: 'retry' }> = { type: 'retry', attempt: retry, maxRetries: policy.maxRetries, waitMs, error: modelError };
      options.onRetry?.(event);
      yield event;
      options.span?.addEvent('codev.retry', { attempt: retry, wait_ms: waitMs, 'error.type': modelError.code });
      if (!(await sleepUnlessAborted(waitMs, signal))) return { type: 'aborted' };
    }
  }
}

/** Only a server's `retry-after` can ask for more than the cap (backoff never does). */
function tooLongToWait(error: ModelError, waitMs: number, maxRetryWaitMs: number): ModelError {
  const retryAt = new Date(Date.now() + waitMs).toISOString();
  const message = `${error.message} The server asks to wait ${formatSeconds(waitMs)} before trying again (until ${retryAt}), longer than the ${formatSeconds(maxRetryWaitMs)} the agent waits (maxRetryWaitMs, CODEV_MAX_RETRY_WAIT_MS); try again after ${retryAt}.`;
  return { ...error, retryAt, message };
}

function formatSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(1))} s`;
}
