import type Anthropic from '@anthropic-ai/sdk';
import type { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream';
import type { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { messagesRequestBody } from './messages-request-body.ts';

/** Opens `client.messages.stream(params, options)` with a request body serialized by codev (`messagesRequestBody`). */
export type SerializedMessageStreams = (params: Anthropic.MessageCreateParams, options: Anthropic.RequestOptions) => MessageStream;

type SdkClasses = { BaseAnthropic: typeof Anthropic; Messages: typeof Messages; MessageStream: typeof MessageStream };
let classes: SdkClasses | Promise<SdkClasses> | undefined;
const streamsOf = new WeakMap<Anthropic, SerializedMessageStreams | null>();

/**
 * How a client's streamed requests can be made with a body serialized by codev: for a client of the SDK codev
 * loads, as it comes (`messages.stream`, `messages.create` and `post` its own), the request `messages.stream`
 * would make, made by the SDK's own `messages.create` whose `post` sends the body codev serialized (as bytes, or
 * as the JSON text to a fetch the user gave the client): the same URL, headers, warnings, timeout, retries,
 * middleware, abort and errors, through the SDK's own `MessageStream`; a client logging at debug makes its own. A request the SDK records an
 * OpenTelemetry span of (its tracer provider records) is made by the SDK's own `messages.create`, which records
 * the request's attributes on it. For any other client (a fake, a wrapper, a subclass that changes them),
 * undefined: its `messages.stream` gets the params object, as always. The first call for a real client may
 * return a promise (the SDK's classes loaded once).
 */
export function serializedMessageStreams(client: Anthropic): SerializedMessageStreams | undefined | Promise<SerializedMessageStreams | undefined> {
  const known = streamsOf.get(client);
  if (known !== undefined) return known ?? undefined;
  // A client without the SDK's own request method is not the SDK's: nothing to load.
  if (typeof (client as { post?: unknown }).post !== 'function') {
    streamsOf.set(client, null);
    return undefined;
  }
  classes ??= loadClasses();
  if (classes instanceof Promise) return classes.then(() => serializedMessageStreams(client));
  const streams = drivable(client, classes) ? streamsFor(client, classes) : null;
  streamsOf.set(client, streams);
  return streams ?? undefined;
}

async function loadClasses(): Promise<SdkClasses> {
  const [{ BaseAnthropic }, { Messages }, { MessageStream }] = await Promise.all([import('@anthropic-ai/sdk'), import('@anthropic-ai/sdk/resources/messages/messages'), import('@anthropic-ai/sdk/lib/MessageStream')]);
  classes = { BaseAnthropic: BaseAnthropic as unknown as typeof Anthropic, Messages, MessageStream };
  return classes;
}

function drivable(client: Anthropic, sdk: SdkClasses): boolean {
  const { messages } = client;
  return (
    client instanceof sdk.BaseAnthropic &&
    messages instanceof sdk.Messages &&
    messages.stream === sdk.Messages.prototype.stream &&
    messages.create === sdk.Messages.prototype.create &&
    client.post === sdk.BaseAnthropic.prototype.post
  );
}

function streamsFor(client: Anthropic, sdk: SdkClasses): SerializedMessageStreams {
  // The client as the SDK's own `messages.create` sees it, but for its `post`: the body goes out as the bytes codev
  // serialized from the request's params, so everything else `create` does (its warnings, headers, timeout) is the SDK's.
  const poster = Object.create(client, {
    post: {
      value: (path: string, options: { body: { [PARAMS]: Anthropic.MessageCreateParamsStreaming }; headers?: unknown }) =>
        client.post(path, { ...options, body: bodyFor(client, messagesRequestBody(withoutHeaderFields(options.body[PARAMS]))), headers: withJsonContentType(options.headers) } as never),
    },
  }) as Anthropic;
  const messages = Object.assign(Object.create(sdk.Messages.prototype as object) as Messages, { _client: poster });
  return (params, options) => {
    // A client logging its requests at debug shows their bodies: the SDK's own request, as it logs it.
    if (client.logLevel === 'debug') return client.messages.stream(params, options);
    // With a span to record on, the client's own `messages.create`, which records the request's attributes on it.
    const create = (streamParams: Anthropic.MessageCreateParamsStreaming, requestOptions?: Anthropic.RequestOptions & { __span?: unknown }) =>
      requestOptions?.__span ? sdk.Messages.prototype.create.call(client.messages, streamParams, requestOptions) : sdk.Messages.prototype.create.call(messages, headerFieldsOf(streamParams) as never, requestOptions);
    return sdk.MessageStream.createMessage({ create } as unknown as Messages, params, options, { logger: client.logger ?? console, client });
  };
}

// `create` is given only the fields it reads beside the body (the model and thinking it warns about, the ones it
// sends as headers), not the conversation it would walk for SDK helper tags on every request; the params ride along.
const PARAMS = Symbol('codev.params');
type HeaderFields = { user_profile_id?: unknown; workspace_id?: unknown };
function headerFieldsOf(params: Anthropic.MessageCreateParamsStreaming) {
  const { user_profile_id, workspace_id } = params as HeaderFields;
  return { model: params.model, thinking: params.thinking, stream: true, user_profile_id, workspace_id, [PARAMS]: params };
}

// What `create` sends as headers is not in the body.
function withoutHeaderFields(params: Anthropic.MessageCreateParamsStreaming): Anthropic.MessageCreateParamsStreaming {
  if (!('user_profile_id' in params) && !('workspace_id' in params)) return params;
  const { user_profile_id, workspace_id, ...body } = params as Anthropic.MessageCreateParamsStreaming & HeaderFields;
  void user_profile_id;
  void workspace_id;
  return body;
}

// A fetch the user gave the client sees the body as the SDK gives it, the JSON text (it may read or rewrite it);
// so does a provider's client (Bedrock, Vertex, Foundry), whose backend middleware parses the body as JSON text
// to move the model into the URL; the runtime's own fetch gets the bytes. The text decoded is exact:
// JSON.stringify's output is well-formed.
const decoder = new TextDecoder();
function bodyFor(client: Anthropic, bytes: Uint8Array): Uint8Array | string {
  const ownFetch = (client as unknown as { fetch?: unknown }).fetch === globalThis.fetch;
  return ownFetch && !hasBackendMiddleware(client) ? bytes : decoder.decode(bytes);
}

type WithBackendMiddleware = { backendMiddleware?: () => readonly unknown[] };
function hasBackendMiddleware(client: Anthropic): boolean {
  const own = (client as unknown as WithBackendMiddleware).backendMiddleware;
  return typeof own === 'function' && own.call(client).length > 0;
}

// The SDK sends a body of bytes as it is, without naming its type: the request names it, as the SDK does for JSON.
const NULLABLE_HEADERS = Symbol.for('brand.privateNullableHeaders');
function withJsonContentType(headers: unknown): unknown {
  if (typeof headers === 'object' && headers !== null && NULLABLE_HEADERS in headers) {
    (headers as unknown as { values: Headers }).values.set('content-type', 'application/json');
    return headers;
  }
  return { ...(headers as Record<string, string> | undefined), 'content-type': 'application/json' };
}
