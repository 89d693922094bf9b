import type { ModelFeature } from '../../model/providers/types.ts';

type Block = Record<string, unknown> & { type?: unknown };

const EXTRA = 'Extra inputs are not permitted';
/** The block types a server without thinking and PDFs knows, as a Pydantic union lists its tags. */
const KNOWN_TAGS = "'text', 'image', 'tool_use', 'tool_result'";

/**
 * Why a compatible server that lacks `unsupported` refuses `body`, phrased as strict servers phrase it (a
 * Pydantic model that forbids extra fields: `tools.3.cache_control: Extra inputs are not permitted`, an
 * unknown block type: `Input tag 'thinking' found using 'type' does not match any of the expected tags`),
 * or undefined when it uses none of them. The first problem found, top-level fields first, as such servers
 * report one:
 * - `topLevelCacheControl` or `promptCaching`: a request-level `cache_control`;
 * - `promptCaching`: a `cache_control` on a system block, a tool, a message block or a tool result's block;
 * - `thinking`: the `thinking` parameter, `output_config.effort`, a thinking block sent back;
 * - `structuredOutputs`: `output_config.format`, a tool's `strict`;
 * - `pdfs`: a PDF `document` block.
 */
export function compatibleServerRefusal(body: Record<string, unknown>, unsupported: ReadonlySet<ModelFeature>): string | undefined {
  const lacks = (feature: ModelFeature) => unsupported.has(feature);
  if (body.cache_control !== undefined && (lacks('topLevelCacheControl') || lacks('promptCaching'))) return `cache_control: ${EXTRA}`;
  if (body.thinking !== undefined && lacks('thinking')) return `thinking: ${EXTRA}`;
  const config = (body.output_config ?? {}) as Record<string, unknown>;
  if ('effort' in config && lacks('thinking')) return `output_config.effort: ${EXTRA}`;
  if ('format' in config && lacks('structuredOutputs')) return `output_config.format: ${EXTRA}`;
  if (Array.isArray(body.system) && lacks('promptCaching')) {
    const index = (body.system as Block[]).findIndex((block) => 'cache_control' in block);
    if (index !== -1) return `system.${index}.cache_control: ${EXTRA}`;
  }
  for (const [index, tool] of (Array.isArray(body.tools) ? (body.tools as Block[]) : []).entries()) {
    if ('cache_control' in tool && lacks('promptCaching')) return `tools.${index}.custom.cache_control: ${EXTRA}`;
    if ('strict' in tool && lacks('structuredOutputs')) return `tools.${index}.custom.strict: ${EXTRA}`;
  }
  for (const [index, message] of (Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : []).entries()) {
    const problem = Array.isArray(message.content) ? blocksProblem(message.content as Block[], lacks) : undefined;
    if (problem) return `messages.${index}.content.${problem}`;
  }
  return undefined;
}

function blocksProblem(blocks: Block[], lacks: (feature: ModelFeature) => boolean): string | undefined {
  for (const [index, block] of blocks.entries()) {
    if ((block.type === 'thinking' || block.type === 'redacted_thinking') && lacks('thinking')) return `${index}: Input tag '${block.type}' found using 'type' does not match any of the expected tags: ${KNOWN_TAGS}`;
    if (block.type === 'document' && isPdf(block) && lacks('pdfs')) return `${index}: Input tag 'document' found using 'type' does not match any of the expected tags: ${KNOWN_TAGS}`;
    if ('cache_control' in block && lacks('promptCaching')) return `${index}.${String(block.type)}.cache_control: ${EXTRA}`;
    const inner = Array.isArray(block.content) ? blocksProblem(block.content as Block[], lacks) : undefined;
    if (inner) return `${index}.${String(block.type)}.content.${inner}`;
  }
  return undefined;
}

function isPdf(block: Block): boolean {
  const source = block.source as { type?: unknown; media_type?: unknown } | undefined;
  return source?.type === 'url' || source?.media_type === 'application/pdf';
}
