import type Anthropic from '@anthropic-ai/sdk';
import { UI_RESULT_PREVIEW_CHARS, type UiToolResult } from '../../types.ts';

/** Where `persistLargeResult` says it saved a result, in the preview it leaves in the transcript. */
const SAVED_TO = /^Output too large \([^)]*\)\. Full output saved to: (.+)$/m;

/** A result block's text (its text blocks joined), and how many images and documents it holds. */
export function resultTextOf(block: Anthropic.ToolResultBlockParam): { text: string; attachments: number } {
  if (typeof block.content === 'string') return { text: block.content, attachments: 0 };
  const parts = block.content ?? [];
  const texts = parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  return { text: texts.join('\n'), attachments: parts.length - texts.length };
}

/** A result as the page shows it: its text cut to the preview; the saved file's path, from the record or the preview. */
export function toolResultView(block: Anthropic.ToolResultBlockParam, persistedPath?: string): UiToolResult {
  const { text, attachments } = resultTextOf(block);
  const saved = persistedPath ?? (text.startsWith('<persisted-output>') ? SAVED_TO.exec(text)?.[1] : undefined);
  return { isError: block.is_error === true, preview: text.slice(0, UI_RESULT_PREVIEW_CHARS), chars: text.length, attachments, ...(saved !== undefined && { persistedPath: saved }) };
}
