/**
 * Stands in for `@anthropic-ai/sdk`'s default export (the `Anthropic` class and namespace) in codev's published
 * declarations: codev bundles the SDK, so a consumer does not install it, and its 230 declaration files would
 * double a consumer's type-check. scripts/build-types.mjs resolves `import type Anthropic from '@anthropic-ai/sdk'`
 * here and inlines the Messages API types below from the SDK's own declarations (so they stay exact); the client
 * is the structural surface codev calls. Inside the repo, the sources see the real SDK.
 */
import type {
  ContentBlockParam as SdkContentBlockParam,
  DocumentBlockParam as SdkDocumentBlockParam,
  ImageBlockParam as SdkImageBlockParam,
  Message as SdkMessage,
  MessageParam as SdkMessageParam,
  Metadata as SdkMetadata,
  StopReason as SdkStopReason,
  TextBlockParam as SdkTextBlockParam,
  ThinkingConfigParam as SdkThinkingConfigParam,
  ToolChoice as SdkToolChoice,
  ToolResultBlockParam as SdkToolResultBlockParam,
  Usage as SdkUsage,
} from '@anthropic-ai/sdk/resources/messages/messages';

/** A Messages API client, such as `new Anthropic()` from `@anthropic-ai/sdk`: codev calls `messages.create` and `messages.stream`. */
interface Anthropic {
  readonly messages: {
    create(body: Anthropic.ModelRequest, options?: Anthropic.RequestOptions): PromiseLike<Anthropic.Message>;
    stream(body: Anthropic.ModelRequest, options?: Anthropic.RequestOptions): AsyncIterable<unknown>;
  };
}

// Aliased outside the namespace: a member named like the type it stands for would refer to itself once bundled.
type AnthropicContentBlockParam = SdkContentBlockParam;
type AnthropicDocumentBlockParam = SdkDocumentBlockParam;
type AnthropicImageBlockParam = SdkImageBlockParam;
type AnthropicMessage = SdkMessage;
type AnthropicMessageParam = SdkMessageParam;
type AnthropicStopReason = SdkStopReason;
type AnthropicTextBlockParam = SdkTextBlockParam;
type AnthropicThinkingConfigParam = SdkThinkingConfigParam;
type AnthropicToolResultBlockParam = SdkToolResultBlockParam;
type AnthropicUsage = SdkUsage;
type AnthropicToolChoice = SdkToolChoice;
type AnthropicMetadata = SdkMetadata;

declare namespace Anthropic {
  export type ContentBlockParam = AnthropicContentBlockParam;
  export type DocumentBlockParam = AnthropicDocumentBlockParam;
  export type ImageBlockParam = AnthropicImageBlockParam;
  export type Message = AnthropicMessage;
  export type MessageParam = AnthropicMessageParam;
  export type StopReason = AnthropicStopReason;
  export type TextBlockParam = AnthropicTextBlockParam;
  export type ThinkingConfigParam = AnthropicThinkingConfigParam;
  export type ToolResultBlockParam = AnthropicToolResultBlockParam;
  export type Usage = AnthropicUsage;
  /** A tool as a request declares it (the SDK's `ToolUnion`: a custom tool or a server tool, each named). */
  export interface ToolUnion {
    name: string;
    type?: string | null;
    description?: string;
    input_schema?: unknown;
  }
  /** The JSON body of a Messages request: the fields codev sends (the SDK's `MessageCreateParams` has more). */
  export interface MessageCreateParams {
    model: string;
    max_tokens: number;
    messages: MessageParam[];
    system?: string | TextBlockParam[];
    tools?: ToolUnion[];
    tool_choice?: AnthropicToolChoice;
    thinking?: ThinkingConfigParam;
    metadata?: AnthropicMetadata;
    stop_sequences?: string[];
    temperature?: number;
    stream?: boolean;
  }
  /**
   * What a caller of {@link Anthropic.messages} can send through this type: a request without tools (its fields are
   * the SDK's own, so that an SDK client is one). For tools, type the client with `@anthropic-ai/sdk` itself.
   */
  export type ModelRequest = Omit<MessageCreateParams, 'tools' | 'stream'>;
  /** The per-request options codev passes to the client. */
  export interface RequestOptions {
    signal?: AbortSignal | null;
    maxRetries?: number;
    timeout?: number;
  }
}

export default Anthropic;
