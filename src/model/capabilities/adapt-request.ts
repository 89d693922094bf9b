import type Anthropic from '@anthropic-ai/sdk';
import type { ModelCapabilities, ModelFeature } from '../providers/types.ts';
import { moveCacheBreakpoint } from './move-cache-breakpoint.ts';
import type { RequestBody } from './request-shapes.ts';
import { withoutCacheControl } from './without-cache-control.ts';
import { withoutPdfs } from './without-pdfs.ts';
import { withoutStructuredOutputs } from './without-structured-outputs.ts';
import { withoutThinking } from './without-thinking.ts';

/** What `adaptRequest` made of a request: the request to send, and the features it lost (in `MODEL_FEATURES` order). */
export interface AdaptedRequest<Params> {
  params: Params;
  dropped: ModelFeature[];
}

/**
 * A request fit for a model without some features, each one degraded in a defined way:
 * - no `promptCaching`: every `cache_control` is removed (top level, system, tools, message and tool-result blocks);
 * - no `topLevelCacheControl` (caching kept): the request-level `cache_control` moves onto the last block of the
 *   last message, where the API would put it (the same prefix is cached: not a loss, not in `dropped`);
 * - no `thinking`: the `thinking` parameter, `output_config.effort` and the thinking blocks sent back go;
 * - no `pdfs`: each PDF `document` block becomes a text block saying a PDF was left out and why;
 * - no `structuredOutputs`: `output_config.format` and tools' `strict` go (codev checks its answers itself).
 * `countTokens` changes no request. Pure: `params` and its messages are never changed (the transcript keeps
 * what the conversation was, valid for a server that has every feature); the result shares what it did not change.
 */
export function adaptRequest<Params extends Anthropic.MessageCreateParams>(params: Params, capabilities: ModelCapabilities): AdaptedRequest<Params> {
  const dropped: ModelFeature[] = [];
  let body = params as unknown as RequestBody;
  const step = (feature: ModelFeature, degrade: (body: RequestBody) => { body: RequestBody; changed: boolean }) => {
    if (capabilities[feature]) return;
    const result = degrade(body);
    body = result.body;
    if (result.changed) dropped.push(feature);
  };
  step('promptCaching', withoutCacheControl);
  if (capabilities.promptCaching && !capabilities.topLevelCacheControl) body = moveCacheBreakpoint(body);
  step('thinking', withoutThinking);
  step('pdfs', withoutPdfs);
  step('structuredOutputs', withoutStructuredOutputs);
  return { params: body as unknown as Params, dropped };
}
