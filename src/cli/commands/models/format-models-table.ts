import { MODEL_FEATURES, type ModelProviderName } from '../../../model/providers/types.ts';
import type { ModelDescription } from './describe-provider-models.ts';

const PROVIDER_NAMES: Readonly<Record<ModelProviderName, string>> = { anthropic: 'Anthropic API', bedrock: 'Amazon Bedrock', vertex: 'Google Vertex AI', foundry: 'Microsoft Foundry' };

/** `codev models` for people: a heading, one aligned row per model (`*` marks the default), then a legend. */
export function formatModelsTable(options: { provider: ModelProviderName; region?: string; models: readonly ModelDescription[] }): string {
  const header = ['  MODEL', 'PROVIDER ID', 'CONTEXT', 'MAX OUT', 'INPUT', 'OUTPUT', 'CACHE WRITE', 'CACHE READ', 'LACKS'];
  const rows = options.models.map((model) => [
    `${model.default ? '*' : ' '} ${model.id}`,
    model.providerId ?? '-',
    tokens(model.contextWindow),
    tokens(model.maxOutputTokens),
    usd(model.price?.input),
    usd(model.price?.output),
    usd(model.price?.cacheWrite),
    usd(model.price?.cacheRead),
    MODEL_FEATURES.filter((feature) => !model.capabilities[feature]).join(',') || '-',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  const title = `${PROVIDER_NAMES[options.provider]} (${options.provider}${options.region === undefined ? '' : `, region ${options.region}`})`;
  return [title, '', line(header), ...rows.map(line), '', '* the default model. Prices: USD per million tokens (- unknown). LACKS: features codev drops for that model.', ''].join('\n');
}

function tokens(count: number | null): string {
  if (count === null) return '-';
  return count % 1_000_000 === 0 ? `${count / 1_000_000}M` : count % 1000 === 0 ? `${count / 1000}K` : String(count);
}

function usd(amount: number | undefined): string {
  return amount === undefined ? '-' : `$${Number(amount.toFixed(4))}`;
}
