import type { ModelEntry } from '../providers/types.ts';
import { anthropicModel } from './anthropic-models.ts';

/**
 * Amazon Bedrock's models, through the InvokeModel API (`@anthropic-ai/bedrock-sdk`'s `AnthropicBedrock`).
 *
 * Source, read 2026-12-07: platform.claude.com "Claude on Amazon Bedrock (Opus 4.6 and earlier)" (the model table:
 * base Bedrock model ids and which have a `global.` inference profile), "Model IDs and versioning" (the id formats),
 * and AWS's "Global cross-Region inference" page (the global profile costs about 10% less than a geographic
 * profile or the in-region model; see `endpointPriceFactor`). Prices are Anthropic's list prices, which the
 * global profile carries; windows and limits are the models' own (anthropic-models.ts).
 * Each model is sent as its global inference profile (`global.anthropic.…`), which every commercial region can
 * call (Claude Opus 4.5's global profile id is not in the part of the table read: it is the one LobeHub's model
 * list uses, lobehub/lobe-chat commit 042005a). Claude Sonnet 4.5 retired on 2026-11-30. Newer models are on
 * Bedrock's Messages-API endpoint ("Claude in Amazon Bedrock"), whose ids the pages read did not list: add them
 * with the config's `model.models`.
 */
export const BEDROCK_MODELS: readonly ModelEntry[] = Object.freeze([
  { ...anthropicModel('claude-opus-4-6'), providerId: 'global.anthropic.claude-opus-4-6-v1' },
  { ...anthropicModel('claude-sonnet-4-6'), providerId: 'global.anthropic.claude-sonnet-4-6' },
  { ...anthropicModel('claude-haiku-4-5'), providerId: 'global.anthropic.claude-haiku-4-5-20251001-v1:0' },
  { ...anthropicModel('claude-opus-4-5'), providerId: 'global.anthropic.claude-opus-4-5-20251101-v1:0' },
]);
