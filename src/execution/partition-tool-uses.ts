import type { Tool, ToolUseBlock } from '../tool/types.ts';
import { findToolByName } from './stages/find-tool.ts';

/** A run of tool calls: several concurrency-safe ones together, or one other call alone. */
export interface ToolUseBatch {
  concurrent: boolean;
  toolUses: ToolUseBlock[];
}

/**
 * Splits a message's tool calls into consecutive batches. A call is safe when its input passes the schema
 * and `isConcurrencySafe(parsed)` says so (a throw counts as unsafe); consecutive safe calls share a batch.
 */
export function partitionToolUses(toolUses: readonly ToolUseBlock[], tools: readonly Tool[]): ToolUseBatch[] {
  const batches: ToolUseBatch[] = [];
  for (const toolUse of toolUses) {
    const safe = isSafe(toolUse, tools);
    const last = batches.at(-1);
    if (safe && last?.concurrent) last.toolUses.push(toolUse);
    else batches.push({ concurrent: safe, toolUses: [toolUse] });
  }
  return batches;
}

function isSafe(toolUse: ToolUseBlock, tools: readonly Tool[]): boolean {
  const tool = findToolByName(tools, toolUse.name);
  if (!tool) return false;
  const parsed = tool.inputSchema.safeParse(toolUse.input ?? {});
  if (!parsed.success) return false;
  try {
    return tool.isConcurrencySafe(parsed.data) === true;
  } catch {
    return false;
  }
}
