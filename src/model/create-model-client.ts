import type Anthropic from '@anthropic-ai/sdk';
import { CodevError } from '../errors/codev-error.ts';
import { customHeadersFor } from './custom-headers-for.ts';

/** What a model client is made from. */
export interface ModelAccess {
  apiKey: string;
  baseURL?: string;
  maxRetries: number;
  /** The SDK's own OpenTelemetry spans (`ANTHROPIC_OPEN_TELEMETRY=true`): off by default, as codev's `chat` spans say the same. */
  sdkSpans?: boolean;
  /** The environment's ANTHROPIC_CUSTOM_HEADERS, the process's own removed (see `customHeadersFor`). */
  defaultHeaders?: Record<string, string | null>;
}

/**
 * The key and URL a model client will use: `apiKey` or `ANTHROPIC_API_KEY`, `baseURL` or `ANTHROPIC_BASE_URL`
 * (any Anthropic-compatible server). With neither a key nor a base URL there is nothing to talk to:
 * `MODEL_NOT_CONFIGURED` says which variable to set.
 */
export function resolveModelAccess(options: {
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  env: Readonly<Record<string, string | undefined>>;
}): ModelAccess {
  const baseURL = options.baseURL ?? options.env.ANTHROPIC_BASE_URL;
  const apiKey = options.apiKey ?? options.env.ANTHROPIC_API_KEY ?? (baseURL ? 'codev-no-key' : undefined);
  if (!apiKey) {
    throw new CodevError('MODEL_NOT_CONFIGURED', 'No model API key: ANTHROPIC_API_KEY is not set', {
      hint: 'export ANTHROPIC_API_KEY=sk-ant-... (or ANTHROPIC_BASE_URL=http://... for an Anthropic-compatible server)',
    });
  }
  const defaultHeaders = customHeadersFor(options.env);
  return { apiKey, baseURL, maxRetries: options.maxRetries ?? 2, sdkSpans: options.env.ANTHROPIC_OPEN_TELEMETRY?.toLowerCase() === 'true', ...(defaultHeaders && { defaultHeaders }) };
}

/**
 * The model client: the real SDK client for `access` (see `resolveModelAccess`). The SDK (some 280 modules)
 * is imported here, when a client is first needed, so that a process that never asks a model (`codev tools`,
 * `codev tool`, a kernel alone) does not load it. The SDK's own spans (`anthropic.messages.create`, one more
 * span with `gen_ai.operation.name` chat per request) are turned off unless asked for: each request is
 * already codev's `chat` span, and a trace backend would count every request twice.
 */
export async function createModelClient(access: ModelAccess): Promise<Anthropic> {
  const { default: Sdk } = await import('@anthropic-ai/sdk');
  // `null`, not undefined: the SDK would read ANTHROPIC_BASE_URL from process.env, not from the agent's env.
  return new Sdk({ apiKey: access.apiKey, baseURL: access.baseURL ?? null, maxRetries: access.maxRetries, ...(access.defaultHeaders && { defaultHeaders: access.defaultHeaders }), ...(!access.sdkSpans && { openTelemetry: false }) });
}
