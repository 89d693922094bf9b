import { redactSecrets } from '../processes/redact-secrets.ts';
import type { ToolResultBlockParam, ToolResultContentBlock } from '../tool/types.ts';

/**
 * The block with the values of `secrets` redacted in its text (see `redactSecrets`): the same block when
 * there is nothing to redact. Images and references are kept as they are.
 */
export function redactResultBlock(block: ToolResultBlockParam, secrets: ReadonlyArray<{ name: string; value: string }>): ToolResultBlockParam {
  if (secrets.length === 0) return block;
  let changed = false;
  const redact = (text: string) => {
    const redacted = redactSecrets(text, secrets);
    if (redacted !== text) changed = true;
    return redacted;
  };
  const content = typeof block.content === 'string' ? redact(block.content) : block.content.map((part) => redactPart(part, redact));
  return changed ? { ...block, content } : block;
}

function redactPart(part: ToolResultContentBlock, redact: (text: string) => string): ToolResultContentBlock {
  if (part.type === 'text') return { ...part, text: redact(part.text) };
  if (part.type === 'document' && part.source.type === 'text' && typeof part.source.data === 'string') return { ...part, source: { ...part.source, data: redact(part.source.data) } };
  return part;
}
