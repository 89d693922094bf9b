import type Anthropic from '@anthropic-ai/sdk';
import { oneLine } from '../../../transcripts/message-text.ts';
import type { MessageEntry } from '../../../transcripts/types.ts';
import { putItem, toolCallOf, touchItem, type TimelineState } from './timeline-state.ts';
import { toolResultView } from './tool-result-view.ts';

const PROMPT_LENGTH = 80;

/**
 * A user message: a prompt a person sent (its first text block, when the message carries no tool results:
 * what follows are hook context and notifications), notes (text sent with results), and results, which go
 * to their calls (by tool_use_id).
 */
export function addUserMessage(state: TimelineState, entry: MessageEntry): void {
  const { content } = entry.message;
  const blocks: Anthropic.ContentBlockParam[] = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  const hasResults = blocks.some((block) => block.type === 'tool_result');
  const attachments = blocks.filter((block) => block.type === 'image' || block.type === 'document').length;
  let prompted = hasResults;
  blocks.forEach((block, index) => {
    const id = `${entry.uuid}:${index}`;
    if (block.type === 'tool_result') addResult(state, { block, id, timestamp: entry.timestamp });
    else if (block.type === 'text' && !prompted) {
      prompted = true;
      putItem(state, { kind: 'prompt', id, timestamp: entry.timestamp, text: block.text, attachments });
      notePrompt(state, block.text);
    } else if (block.type === 'text' && block.text.trim() !== '') putItem(state, { kind: 'note', id, timestamp: entry.timestamp, text: block.text });
  });
}

function notePrompt(state: TimelineState, text: string): void {
  const line = oneLine(text, PROMPT_LENGTH);
  if (line === '') return;
  state.stats.firstPrompt ??= line;
  state.stats.lastPrompt = line;
}

/** A result joins its call; one whose call is not in the timeline (lost with a damaged line) is shown as a note. */
function addResult(state: TimelineState, result: { block: Anthropic.ToolResultBlockParam; id: string; timestamp: string }): void {
  const { block, id, timestamp } = result;
  const call = toolCallOf(state, block.tool_use_id);
  if (!call) {
    putItem(state, { kind: 'note', id, timestamp, text: `A result of call ${block.tool_use_id}, whose call is not in the transcript` });
    return;
  }
  call.result = toolResultView(block, call.result?.persistedPath ?? state.toolRecords.get(block.tool_use_id)?.persistedPath);
  if (state.waiting.delete(block.tool_use_id)) delete call.waiting;
  touchItem(state, call.id);
}
