import { splitToolName, type ToolNameParts } from './split-tool-name.ts';

/** A tool as the scorer sees it, built once per tool (see `toSearchEntry`). */
export interface SearchEntry extends ToolNameParts {
  name: string;
  nameLower: string;
  /** The search hint, lower case. */
  hint: string;
  /** The description, lower case. */
  description: string;
}

const WORD = /[a-z0-9]+/g;

/** The words of a lower-case text (runs of letters and digits), repeats included. */
export function textWords(text: string): readonly string[] {
  return text.match(WORD) ?? [];
}

/**
 * The search entry of a tool: its name split into words, its hint and description in lower case. Their
 * words are read only when the index's posting lists are built (see `createSearchIndex`), and a literal of
 * one shape, not a spread followed by more keys (which costs several microseconds per entry on Node 20).
 */
export function toSearchEntry(tool: { name: string; searchHint?: string; description: string }): SearchEntry {
  const { parts, bare, compact, isMcp } = splitToolName(tool.name);
  return { parts, bare, compact, isMcp, name: tool.name, nameLower: tool.name.toLowerCase(), hint: (tool.searchHint ?? '').toLowerCase(), description: tool.description.toLowerCase() };
}
