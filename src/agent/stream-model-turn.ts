import type Anthropic from '@anthropic-ai/sdk';
import type { Span } from '@opentelemetry/api';
import { CodevError } from '../errors/codev-error.ts';
import { withActiveSpan } from '../telemetry/codev-tracer.ts';
import { serializedMessageStreams } from '../model/serialized-message-streams.ts';
import { createQueryRequests, type QueryRequests } from './create-query-requests.ts';
import { firstEventUnlessAborted } from './first-event-unless-aborted.ts';
import { clientProvider } from '../model/providers/client-provider.ts';
import { hasClassNamed } from '../model/sdk-error-kinds.ts';
import { DEFAULT_MODEL_BASE_URL } from './model-unreachable-error.ts';
import type { AgentEvent } from './types.ts';

/**
 * One attempt at a model request, streamed: yields text and thinking deltas as they arrive and returns the final
 * message (tool_use inputs reassembled from their `input_json_delta`s by the SDK). The SDK makes no retry
 * of its own (the caller owns the retries, so every wait is seen). Throws what the SDK throws (a stream
 * that ends before `message_stop` is refused by the SDK: nothing of a cut-short message is used), or
 * `MODEL_STREAM_STALLED` when nothing arrived for `idleTimeoutMs` (the request is aborted; `MODEL_UNREACHABLE`,
 * naming the client's URL, when not even the response's headers came). `signal`
 * aborts at once. While `span` records, it is the active span of the request: spans a client makes of its
 * own (its HTTP calls) nest under it. A client of the SDK codev loads gets the request body serialized by
 * codev, each message's JSON made once for the whole conversation (`serializedMessageStreams`); another
 * client gets the params object. `requests` are the query's (one signal and watchdog for all its
 * requests); without them, the request gets its own.
 */
export async function* streamModelTurn(options: {
  client: Anthropic;
  params: Anthropic.MessageCreateParamsNonStreaming;
  signal: AbortSignal;
  idleTimeoutMs: number;
  span?: Span;
  requests?: QueryRequests;
}): AsyncGenerator<AgentEvent, Anthropic.Message, void> {
  const { signal, idleTimeoutMs } = options;
  const requests = options.requests ?? createQueryRequests({ signal, idleTimeoutMs });
  const found = serializedMessageStreams(options.client);
  // Awaited once per process at most (the SDK's classes loaded), before the request starts.
  const serialized = found instanceof Promise ? await found : found;
  const requestOptions = requests.start();
  try {
    const start = () => (serialized ? serialized(options.params, requestOptions as Anthropic.RequestOptions) : options.client.messages.stream(options.params, requestOptions as Anthropic.RequestOptions));
    const stream = options.span?.isRecording() ? withActiveSpan(options.span, start) : start();
    const iterator = stream[Symbol.asyncIterator]();
    // A provider's client awaits its credentials (Google's token, the AWS chain) before sending, without the signal:
    // only such clients race their first event against it; the others' fetch follows the signal at once.
    const first = fetchesCredentialsFirst(options.client) ? firstEventUnlessAborted(iterator, requestOptions.signal, () => stream.abort()) : iterator.next();
    for (let next = await first; !next.done; next = await iterator.next()) {
      const event = next.value;
      if (event.type !== 'content_block_delta') continue;
      if (event.delta.type === 'text_delta') yield { type: 'text-delta', text: event.delta.text };
      else if (event.delta.type === 'thinking_delta') yield { type: 'thinking-delta', text: event.delta.thinking };
    }
    return await stream.finalMessage();
  } catch (error) {
    if (requests.stalled && !signal.aborted && !requests.answered) {
      const url = options.client.baseURL ?? DEFAULT_MODEL_BASE_URL;
      throw new CodevError('MODEL_UNREACHABLE', `No answer from ${url} in ${idleTimeoutMs / 1000} s: is ANTHROPIC_BASE_URL (or the agent's baseURL) right? A slow server may need a longer streamIdleTimeoutMs (CODEV_STREAM_IDLE_TIMEOUT_MS).`, { cause: error });
    }
    if (requests.stalled && !signal.aborted) {
      throw new CodevError('MODEL_STREAM_STALLED', `The model API sent nothing for ${idleTimeoutMs / 1000} s; the request was abandoned.`, {
        hint: 'a slow proxy or model may need a longer streamIdleTimeoutMs (CODEV_STREAM_IDLE_TIMEOUT_MS)',
        cause: error,
      });
    }
    throw error;
  } finally {
    requests.end();
    if (!options.requests) requests.close();
  }
}

/** Whether `client` fetches credentials before it sends (Bedrock, Vertex, Foundry: made by codev, or given by the caller). */
function fetchesCredentialsFirst(client: object): boolean {
  const provider = clientProvider(client)?.name;
  if (provider !== undefined) return provider !== 'anthropic';
  return hasClassNamed(client, (className) => /^Anthropic(Bedrock|Vertex|Foundry)/.test(className));
}
