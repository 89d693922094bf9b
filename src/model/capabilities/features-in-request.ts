import { MODEL_FEATURES, type ModelFeature } from '../providers/types.ts';
import type { RequestBody } from './request-shapes.ts';
import { withoutCacheControl } from './without-cache-control.ts';
import { withoutPdfs } from './without-pdfs.ts';
import { withoutStructuredOutputs } from './without-structured-outputs.ts';
import { withoutThinking } from './without-thinking.ts';

const USES: Partial<Record<ModelFeature, (body: RequestBody) => boolean>> = {
  promptCaching: (body) => withoutCacheControl(body).changed,
  topLevelCacheControl: (body) => body.cache_control !== undefined && body.cache_control !== null,
  thinking: (body) => withoutThinking(body).changed,
  pdfs: (body) => withoutPdfs(body).changed,
  structuredOutputs: (body) => withoutStructuredOutputs(body).changed,
};

/** The features a request uses, in `MODEL_FEATURES` order (`countTokens` is never one: it is another endpoint). */
export function featuresInRequest(params: object): Set<ModelFeature> {
  const body = params as RequestBody;
  return new Set(MODEL_FEATURES.filter((feature) => USES[feature]?.(body) ?? false));
}
