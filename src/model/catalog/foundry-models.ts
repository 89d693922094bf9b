import type { ModelEntry } from '../providers/types.ts';
import { anthropicModel } from './anthropic-models.ts';

/**
 * Microsoft Foundry's models (`@anthropic-ai/foundry-sdk`'s `AnthropicFoundry`).
 *
 * Source, read 2026-12-07: platform.claude.com "Claude in Microsoft Foundry" (the models available: Claude Fable 5.2
 * and 5.1, Opus 5.5, Opus 5 and 4.8, Sonnet 5.5 and 5, Haiku 5.5; Global Standard and US Data Zone Standard
 * deployments). Foundry bills in Claude Consumption Units through the Azure Marketplace, with no USD price per
 * token on the pages read: prices are left unknown here (cost falls back to the config's `prices`, then codev's
 * defaults). A request names the deployment: this table sends codev's id, so a deployment named otherwise goes in
 * the config's `model.models` as `{ 'claude-opus-5-5': { providerId: 'my-deployment' } }`.
 */
export const FOUNDRY_MODELS: readonly ModelEntry[] = Object.freeze(
  ['claude-fable-5-2', 'claude-fable-5-1', 'claude-opus-5-5', 'claude-opus-5', 'claude-opus-4-8', 'claude-sonnet-5-5', 'claude-sonnet-5', 'claude-haiku-5-5'].map((id) => {
    const { price: _listPrice, ...entry } = anthropicModel(id);
    return entry;
  }),
);
