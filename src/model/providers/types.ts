/**
 * How codev reaches a model: the provider (Anthropic's API or an Anthropic-compatible server, Amazon Bedrock,
 * Google Vertex AI, Microsoft Foundry), the models it knows on each (ids, context windows, prices,
 * capabilities) and the features a provider or server may lack. Types only.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelPrice } from '../model-price.ts';

/** The providers codev can reach Claude through. `anthropic` also covers any Anthropic-compatible server (`baseURL`). */
export type ModelProviderName = 'anthropic' | 'bedrock' | 'vertex' | 'foundry';

/** Every provider name, in the order `codev models` and `--help` list them. */
export const MODEL_PROVIDER_NAMES: readonly ModelProviderName[] = Object.freeze(['anthropic', 'bedrock', 'vertex', 'foundry']);

/**
 * A feature of the Messages API that a provider or a compatible server may not have. Without it, codev drops it
 * from the request with one `MODEL_FEATURE_UNSUPPORTED` warning (per agent and feature) and the request goes on:
 * - `promptCaching`: `cache_control` on blocks, tools and system (dropped: no caching, full price);
 * - `topLevelCacheControl`: the request-level `cache_control` (automatic breakpoint on the last block); without
 *   it, the breakpoint is put on the last block of the last message instead when `promptCaching` holds;
 * - `thinking`: the `thinking` parameter and `output_config.effort` (dropped: no thinking);
 * - `pdfs`: `document` blocks with a PDF source (replaced by a text block saying the PDF was left out);
 * - `countTokens`: `POST /v1/messages/count_tokens` (codev estimates instead);
 * - `structuredOutputs`: `output_config.format` (codev's output-tool path instead).
 */
export type ModelFeature = 'promptCaching' | 'topLevelCacheControl' | 'thinking' | 'pdfs' | 'countTokens' | 'structuredOutputs';

/** Every feature, in a stable order (warnings, `codev models`). */
export const MODEL_FEATURES: readonly ModelFeature[] = Object.freeze(['promptCaching', 'topLevelCacheControl', 'thinking', 'pdfs', 'countTokens', 'structuredOutputs']);

/** Which features a model has on a provider. */
export type ModelCapabilities = Readonly<Record<ModelFeature, boolean>>;

/** One model as codev knows it on one provider: an entry of the model table (built in, or from the config). */
export interface ModelEntry {
  /** The id codev and Anthropic's API use, e.g. `claude-sonnet-4-6`. */
  id: string;
  /** The id this provider expects when it differs, e.g. Bedrock's `anthropic.claude-sonnet-4-6` or Vertex's `claude-sonnet-4-6@…`. */
  providerId?: string;
  /** A human-readable name, e.g. `Claude Sonnet 4.6`. */
  displayName?: string;
  /** Input context window, in tokens. */
  contextWindow?: number;
  /** The largest `max_tokens` the model takes. */
  maxOutputTokens?: number;
  /** The price on this provider (USD per million tokens); undefined: unknown, never 0. */
  price?: ModelPrice;
  /** Features this model lacks (or has) on this provider, over the provider's defaults. */
  capabilities?: Partial<ModelCapabilities>;
}

/**
 * The config's and `createAgent`'s `model` when it is more than an id: which provider, which model, and the
 * provider's settings. Each field left out comes from the environment as the provider's own SDK reads it (see
 * `resolveModelProvider`), then from the defaults.
 * @example
 * model: { provider: 'bedrock', id: 'claude-sonnet-4-6', region: 'eu-west-1' }
 */
export interface ModelSettings {
  /** Default `anthropic`, or `CODEV_PROVIDER`. */
  provider?: ModelProviderName;
  /** The model: codev's id (mapped to the provider's) or the provider's own id. Default `claude-sonnet-4-6`, or `CODEV_MODEL`. */
  id?: string;
  /** Bedrock's AWS region (default `AWS_REGION`, `AWS_DEFAULT_REGION`, then `us-east-1`) or Vertex's (default `CLOUD_ML_REGION`, then `global`). */
  region?: string;
  /** Vertex: the Google Cloud project (default `ANTHROPIC_VERTEX_PROJECT_ID`, `GOOGLE_CLOUD_PROJECT`, then the credentials' own). */
  projectId?: string;
  /** Foundry: the Azure resource name (default `ANTHROPIC_FOUNDRY_RESOURCE`); or give `baseURL`. */
  resource?: string;
  /** The server's URL (a compatible server, a proxy, a private endpoint). Default: the provider's, or its variable. */
  baseURL?: string;
  /** Anthropic: `ANTHROPIC_API_KEY`; Bedrock: an API key (`AWS_BEARER_TOKEN_BEDROCK`) instead of AWS credentials; Foundry: `ANTHROPIC_FOUNDRY_API_KEY`. */
  apiKey?: string;
  /** Features to declare on or off for every model of this provider (a compatible server without caching: `{ promptCaching: false }`). */
  capabilities?: Partial<ModelCapabilities>;
  /** Models to add to this provider's table, or to change, by codev id (its provider id, window, price, capabilities). */
  models?: Readonly<Record<string, Omit<ModelEntry, 'id'>>>;
}

/** A provider resolved from settings and the environment: what agents, subagents, the fleet, WebFetch and `codev models` use. */
export interface ModelProvider {
  readonly name: ModelProviderName;
  /** For messages: `Amazon Bedrock (eu-west-1)`, `Google Vertex AI (my-project, us-east5)`, `the Anthropic API`, `http://127.0.0.1:8080`. */
  readonly label: string;
  /** Bedrock's or Vertex's region. */
  readonly region?: string;
  /** The model table of this provider: the built-in entries with the settings' `models` over them. */
  models(): readonly ModelEntry[];
  /** The entry of `model` (codev's id or the provider's own), or undefined when the table has none. */
  findModel(model: string): ModelEntry | undefined;
  /** The id to send for `model`: the entry's `providerId`, else `model` as given. */
  wireModelId(model: string): string;
  /** The features of `model` on this provider: the provider's defaults, the entry's, then the settings' `capabilities`. */
  capabilities(model: string): ModelCapabilities;
  /** The price of `model` on this provider, or undefined when unknown. */
  price(model: string): ModelPrice | undefined;
  /** The client (the provider's own Anthropic SDK package, loaded now): `MODEL_PROVIDER_UNAVAILABLE` when it is not installed. */
  createClient(options: { maxRetries: number; sdkSpans?: boolean }): Promise<Anthropic>;
  /** Names this provider and its settings, secrets hashed: equal keys can share a client (the fleet's cache). */
  readonly cacheKey: string;
}
