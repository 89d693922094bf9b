import type Anthropic from '@anthropic-ai/sdk';
import type { LoadedTranscript, MessageEntry } from './types.ts';

/** A folder the session worked in, and the folder it works in now. Both absolute. */
export interface MovedPath {
  from: string;
  to: string;
}

/**
 * A session's messages with every path under a moved folder rewritten to its new place, and a note appended
 * to the last message (a user message, the one a resume goes on from) telling the model the folder moved.
 * Rewritten: text blocks, tool calls' inputs (every string in them, but the text a file tool wrote into a
 * file: the file still holds it as written) and tool results. Left as they are: thinking blocks (their
 * signature covers their text), images and documents. A folder matches only as a
 * whole path segment (`/a/job/1` is not rewritten inside `/a/job/10`), and a path already under a `to`
 * folder is never rewritten again (`/a/job` moved to `/a/job/2` leaves `/a/job/2/x` as it is).
 */
export function rewriteMovedPaths(entries: readonly MessageEntry[], moves: readonly MovedPath[]): MessageEntry[] {
  const moved = moves.filter((move) => move.from !== move.to);
  if (moved.length === 0) return [...entries];
  const rewrite = pathRewriter(moved);
  const rewritten = entries.map((entry) => ({ ...entry, message: rewriteMessage(entry.message, rewrite) }));
  const last = rewritten.at(-1);
  if (last?.message.role === 'user') last.message = { ...last.message, content: [...contentBlocks(last.message.content), { type: 'text', text: movedNote(moved) }] };
  return rewritten;
}

/**
 * A session loaded to go on in itself, with the moved folders' paths rewritten in memory only (the stored
 * lines are never edited): its messages, and the calls that wait for approval, which run with their
 * rewritten input once approved. No note is added: what the model reads then names only the new folders.
 */
export function rewriteMovedTranscript(loaded: LoadedTranscript, moves: readonly MovedPath[]): LoadedTranscript {
  const moved = moves.filter((move) => move.from !== move.to);
  if (moved.length === 0) return loaded;
  const rewrite = pathRewriter(moved);
  const messages = loaded.messages.map((entry) => ({ ...entry, message: rewriteMessage(entry.message, rewrite) }));
  if (!loaded.pending) return { ...loaded, messages };
  const pending = {
    toolUses: loaded.pending.toolUses.map((use) => ({ ...use, input: rewriteToolInput(use, rewrite) as Record<string, unknown> })),
    results: loaded.pending.results.map((block) => rewriteBlock(block as Anthropic.ToolResultBlockParam, rewrite) as unknown as typeof block),
  };
  return { ...loaded, messages, pending };
}

/** What the model is told in the resumed turn. */
export function movedNote(moves: readonly MovedPath[]): string {
  const lines = moves.map((move) => `${move.from} moved to ${move.to}`);
  return `<system-reminder>This session goes on in another folder: ${lines.join('; ')}. The paths in the conversation above were rewritten to the new folder. Work only there: the old folder is not this session's any more.</system-reminder>`;
}

function pathRewriter(moves: readonly MovedPath[]): (text: string) => string {
  const targets = new Map<string, string>(moves.map((move) => [move.from, move.to]));
  // A `to` maps to itself so that, matched first as the longer path, it is never rewritten as its parent's move.
  for (const move of moves) targets.set(move.to, move.to);
  const names = [...targets.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?:${names.join('|')})(?![\\w.-])`, 'g');
  return (text) => text.replace(pattern, (found) => targets.get(found) ?? found);
}

function rewriteMessage(message: Anthropic.MessageParam, rewrite: (text: string) => string): Anthropic.MessageParam {
  if (typeof message.content === 'string') return { ...message, content: rewrite(message.content) };
  return { ...message, content: message.content.map((block) => rewriteBlock(block, rewrite)) } as Anthropic.MessageParam;
}

function rewriteBlock(block: Anthropic.ContentBlockParam, rewrite: (text: string) => string): Anthropic.ContentBlockParam {
  if (block.type === 'text') return { ...block, text: rewrite(block.text) };
  if (block.type === 'tool_use') return { ...block, input: rewriteToolInput(block, rewrite) };
  if (block.type === 'tool_result') {
    if (typeof block.content === 'string') return { ...block, content: rewrite(block.content) };
    if (Array.isArray(block.content)) return { ...block, content: block.content.map((part) => (part.type === 'text' ? { ...part, text: rewrite(part.text) } : part)) };
  }
  return block;
}

/**
 * The inputs of the file tools that are a file's text, not a place: the file on disk holds them as they were
 * written (a config naming the folder it was made in keeps that folder), so the transcript must say so too.
 * Rewritten, it would claim the file holds the new folder, and the branch check would find the file different.
 */
const FILE_TEXT_INPUTS: Record<string, readonly string[]> = { Write: ['content'], Edit: ['old_string', 'new_string'], NotebookEdit: ['new_source'] };

function rewriteToolInput(block: { name: string; input: unknown }, rewrite: (text: string) => string): unknown {
  const kept = FILE_TEXT_INPUTS[block.name];
  if (!kept || typeof block.input !== 'object' || block.input === null || Array.isArray(block.input)) return rewriteValue(block.input, rewrite);
  return Object.fromEntries(Object.entries(block.input).map(([key, item]) => [key, kept.includes(key) ? item : rewriteValue(item, rewrite)]));
}

function rewriteValue(value: unknown, rewrite: (text: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((item) => rewriteValue(item, rewrite));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewriteValue(item, rewrite)]));
  return value;
}

function contentBlocks(content: Anthropic.MessageParam['content']): Anthropic.ContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
