import type { ModelEntry } from '../providers/types.ts';

// Bedrock's cross-region inference profiles prefix the model id with a geography (`global.`, `us.`, `eu.`, …);
// an ARN ends with the model or profile id after the last `/`.
const BEDROCK_PROFILE_PREFIX = /^(?:global|us|us-gov|eu|jp|apac|au|ca)\./;

/**
 * The entry of `model` in `entries`: by codev's id, by the provider's id, or, for a Bedrock id, by the same model
 * under another inference profile or as an ARN (`us.anthropic.claude-sonnet-4-6`, `arn:aws:bedrock:…/…`). Undefined
 * when no entry names it.
 */
export function findModelEntry(entries: readonly ModelEntry[], model: string): ModelEntry | undefined {
  const exact = entries.find((entry) => entry.id === model || entry.providerId === model);
  if (exact) return exact;
  const base = bedrockBaseModelId(model);
  return entries.find((entry) => entry.providerId !== undefined && bedrockBaseModelId(entry.providerId) === base);
}

/** A Bedrock model id without its ARN and inference profile: `anthropic.claude-sonnet-4-6`. */
export function bedrockBaseModelId(model: string): string {
  return model.slice(model.lastIndexOf('/') + 1).replace(BEDROCK_PROFILE_PREFIX, '');
}
