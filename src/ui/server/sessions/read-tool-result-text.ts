import type Anthropic from '@anthropic-ai/sdk';
import { CodevError } from '../../../errors/codev-error.ts';
import type { TranscriptEntry } from '../../../transcripts/types.ts';
import { UI_RESULT_MAX_CHARS, type UiToolResultText } from '../../types.ts';
import { readPersistedResult } from './read-persisted-result.ts';
import { readStoreEntries, type SessionSource } from './read-store-entries.ts';
import { toolResultView, resultTextOf } from './tool-result-view.ts';

/**
 * `GET /api/sessions/:id/results/:toolUseId`: one result whole. A result saved to a file (a large one) is
 * read from it, when the session's folder is known (`sessionsDirectory`) and the file is inside it (see
 * `readPersistedResult`); else the transcript's text. At most `UI_RESULT_MAX_CHARS` characters (`truncated`).
 * `SESSION_NOT_FOUND` when the session has no result of that call.
 */
export async function readToolResultText(options: SessionSource & { id: string; toolUseId: string }): Promise<UiToolResultText> {
  const { id, toolUseId } = options;
  const { entries } = await readStoreEntries(options);
  const found = findResult(entries, toolUseId);
  if (!found) throw new CodevError('SESSION_NOT_FOUND', `Session ${id} has no result of call ${toolUseId}`, { hint: 'open the session again: the call may still run' });
  const persistedPath = toolResultView(found.block, found.persistedPath).persistedPath;
  if (persistedPath !== undefined && options.sessionsDirectory !== undefined) {
    const bytes = await readPersistedResult({ sessionsDirectory: options.sessionsDirectory, id, persistedPath, maxBytes: UI_RESULT_MAX_CHARS * 4 + 1 });
    return cut(toolUseId, bytes.toString('utf8'), bytes.length > UI_RESULT_MAX_CHARS * 4);
  }
  return cut(toolUseId, resultTextOf(found.block).text, false);
}

function cut(toolUseId: string, text: string, cutAlready: boolean): UiToolResultText {
  return { toolUseId, text: text.slice(0, UI_RESULT_MAX_CHARS), truncated: cutAlready || text.length > UI_RESULT_MAX_CHARS };
}

/** The last result of the call in the entries (a message's or a pending query's), with its record's saved path. */
function findResult(entries: readonly TranscriptEntry[], toolUseId: string): { block: Anthropic.ToolResultBlockParam; persistedPath?: string } | undefined {
  let block: Anthropic.ToolResultBlockParam | undefined;
  let persistedPath: string | undefined;
  for (const entry of entries) {
    if (entry.type === 'record' && entry.record?.kind === 'tool-call' && entry.record.toolUseId === toolUseId) persistedPath = entry.record.persistedPath;
    const blocks = entry.type === 'message' && entry.message?.role === 'user' && Array.isArray(entry.message.content) ? entry.message.content : entry.type === 'pending' && Array.isArray(entry.results) ? entry.results : [];
    for (const candidate of blocks) if (candidate.type === 'tool_result' && candidate.tool_use_id === toolUseId) block = candidate as Anthropic.ToolResultBlockParam;
  }
  return block && { block, ...(persistedPath !== undefined && { persistedPath }) };
}
