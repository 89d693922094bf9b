type Block = { type: string; id?: unknown; tool_use_id?: unknown };
type Turn = { role: string; content: unknown; index: number };

/**
 * The API's tool pairing rule, or undefined when it holds: every `tool_result` answers a `tool_use` of the previous
 * message, and every `tool_use` of a message other than the last is answered in the next one. `system` entries are
 * skipped, as they are not turns.
 */
export function validateToolPairing(messages: ReadonlyArray<{ role: string; content: unknown }>): string | undefined {
  const turns: Turn[] = messages.map((message, index) => ({ ...message, index })).filter((turn) => turn.role !== 'system');
  return unexpectedToolResult(turns) ?? unansweredToolUse(turns);
}

function unexpectedToolResult(turns: Turn[]): string | undefined {
  for (const [position, turn] of turns.entries()) {
    if (turn.role !== 'user') continue;
    const previous = turns[position - 1];
    const allowed = previous?.role === 'assistant' ? idsOf(previous, 'tool_use') : new Set<unknown>();
    const blocks = blocksOf(turn);
    const blockIndex = blocks.findIndex((block) => block.type === 'tool_result' && !allowed.has(block.tool_use_id));
    if (blockIndex === -1) continue;
    return `messages.${turn.index}.content.${blockIndex}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(blocks[blockIndex]?.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
  }
  return undefined;
}

function unansweredToolUse(turns: Turn[]): string | undefined {
  for (const [position, turn] of turns.entries()) {
    const next = turns[position + 1];
    if (turn.role !== 'assistant' || next === undefined) continue;
    const answered = next.role === 'user' ? idsOf(next, 'tool_result') : new Set<unknown>();
    const unanswered = [...idsOf(turn, 'tool_use')].filter((id) => !answered.has(id));
    if (unanswered.length === 0) continue;
    return `messages.${turn.index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  }
  return undefined;
}

function blocksOf(turn: Turn): Block[] {
  return Array.isArray(turn.content) ? (turn.content as Block[]) : [];
}

function idsOf(turn: Turn, type: 'tool_use' | 'tool_result'): Set<unknown> {
  const blocks = blocksOf(turn).filter((block) => block.type === type);
  return new Set(blocks.map((block) => (type === 'tool_use' ? block.id : block.tool_use_id)));
}
