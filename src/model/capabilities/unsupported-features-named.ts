import { MODEL_FEATURES, type ModelFeature } from '../providers/types.ts';
import { featuresInRequest } from './features-in-request.ts';

/** How servers say a field or block is not theirs: Pydantic's "Extra inputs are not permitted", a union's unknown tag, plain words. */
const REFUSAL = /extra inputs are not permitted|not (?:supported|permitted|allowed|recogni[sz]ed)|do(?:es)? not (?:support|accept|allow)|unsupported|unknown (?:field|parameter|argument|key)|unrecognized|unexpected (?:field|keyword|parameter|argument)|does not match any of the expected tags|no such field/i;

/** The fields and block types that name each feature in a refusal, as servers print them (paths joined by `.`). */
const NAMED: { feature: ModelFeature | 'output_config'; pattern: RegExp }[] = [
  // A path ending in .cache_control: a block's, a tool's, the system's breakpoint.
  { feature: 'promptCaching', pattern: /[.\]*]cache_control\b/ },
  // `cache_control` alone: the request-level one, when the request has it (else any: see below).
  { feature: 'topLevelCacheControl', pattern: /(?:^|[^.\w\]*])cache_control\b/ },
  { feature: 'thinking', pattern: /(?:^|[^.\w])(?:redacted_)?thinking\b(?!\.cache_control)|['"`](?:redacted_)?thinking['"`]|output_config\.effort|\beffort\b/ },
  { feature: 'structuredOutputs', pattern: /output_config\.format|\boutput_format\b|\.strict\b|['"`]strict['"`]|structured outputs?/i },
  { feature: 'pdfs', pattern: /['"`]document['"`]|\bdocument\b|\bpdfs?\b/i },
  { feature: 'output_config', pattern: /(?:^|[^.\w])output_config\b(?!\.)/ },
];

/**
 * The features a server's 400 says it does not take, among those `params` (the request as sent) uses: empty
 * when the error is not a 400, does not read as a refusal of a field, or names no feature the request used
 * (then it is an error as any other). A bare `cache_control` is the request-level one when the request has
 * one, else the blocks'; a bare `output_config` is whichever of its parts the request sent (`effort`:
 * thinking, `format`: structured outputs).
 */
export function unsupportedFeaturesNamed(error: { status?: number; message: string }, params: object): ModelFeature[] {
  if (error.status !== 400 || !REFUSAL.test(error.message)) return [];
  const used = featuresInRequest(params);
  const named = new Set<ModelFeature>();
  for (const { feature, pattern } of NAMED) {
    if (!pattern.test(error.message)) continue;
    if (feature === 'output_config') {
      const config = (params as { output_config?: Record<string, unknown> }).output_config ?? {};
      if ('effort' in config) named.add('thinking');
      if ('format' in config) named.add('structuredOutputs');
    } else if (feature === 'topLevelCacheControl' && !used.has('topLevelCacheControl')) {
      named.add('promptCaching');
    } else {
      named.add(feature);
    }
  }
  return MODEL_FEATURES.filter((feature) => named.has(feature) && used.has(feature));
}
