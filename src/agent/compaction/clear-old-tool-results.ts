import type Anthropic from '@anthropic-ai/sdk';
import { oneLine, toolResultText } from '../../transcripts/message-text.ts';

/** Results at most this long stay: a stub would save nothing. */
const SMALL_RESULT = 300;
const PREVIEW = 200;
const PERSISTED_PATH = /Full output saved to: (\S+)/;

/**
 * The first step of compaction: every tool result but the latest `keep` is replaced by a stub saying which
 * call it answered, how large it was, how it began and, when the full result was saved to a file, where it
 * is (the model can Read it again). Errors and small results stay. Returns new messages (the given ones are
 * not changed) and how many results were cleared.
 */
export function clearOldToolResults(messages: readonly Anthropic.MessageParam[], keep: number): { messages: Anthropic.MessageParam[]; cleared: number } {
  const calls = new Map<string, Anthropic.ToolUseBlockParam>();
  const positions: { message: number; block: number }[] = [];
  messages.forEach((message, index) => {
    if (typeof message.content === 'string') return;
    message.content.forEach((block, position) => {
      if (block.type === 'tool_use') calls.set(block.id, block);
      if (block.type === 'tool_result') positions.push({ message: index, block: position });
    });
  });
  const old = positions.slice(0, Math.max(0, positions.length - keep));
  const copy = messages.slice();
  let cleared = 0;
  for (const { message, block } of old) {
    const content = copy[message]!.content as Anthropic.ContentBlockParam[];
    const result = content[block] as Anthropic.ToolResultBlockParam;
    const text = toolResultText(result);
    if (result.is_error || text.length <= SMALL_RESULT || text.startsWith('[Old tool result cleared')) continue;
    const call = calls.get(result.tool_use_id);
    const saved = PERSISTED_PATH.exec(text)?.[1];
    const stub = [
      `[Old tool result cleared to save context: ${call ? `${call.name} ${oneLine(JSON.stringify(call.input), PREVIEW)}` : 'a tool call'} returned ${text.length.toLocaleString('en-US')} characters.`,
      saved ? ` The full result is saved at ${saved} (Read it if you need it again).` : ' Run the call again if you need it.',
      ` It began: ${oneLine(text, PREVIEW)}]`,
    ].join('');
    const updated = content.slice();
    updated[block] = { type: 'tool_result', tool_use_id: result.tool_use_id, content: stub };
    copy[message] = { ...copy[message]!, content: updated } as Anthropic.MessageParam;
    cleared++;
  }
  return { messages: copy, cleared };
}
