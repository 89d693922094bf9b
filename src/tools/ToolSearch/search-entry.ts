import { splitToolName, type ToolNameParts } from './split-tool-name.ts';

/** A tool as the scorer sees it, built once per tool (see `toSearchEntry`). */
export interface SearchEntry extends ToolNameParts {
  name: string;
  nameLower: string;
  /** The search hint's words, lower case. */
  hintWords: ReadonlySet<string>;
  hint: string;
  /** The description's words, lower case. */
  descriptionWords: ReadonlySet<string>;
  description: string;
}

const WORD_SPLIT = /[^a-z0-9]+/;

/** The search entry of a tool: its name split into words, its hint and description as word sets. */
export function toSearchEntry(tool: { name: string; searchHint?: string; description: string }): SearchEntry {
  const hint = (tool.searchHint ?? '').toLowerCase();
  const description = tool.description.toLowerCase();
  return {
    ...splitToolName(tool.name),
    name: tool.name,
    nameLower: tool.name.toLowerCase(),
    hint,
    hintWords: new Set(hint.split(WORD_SPLIT).filter(Boolean)),
    description,
    descriptionWords: new Set(description.split(WORD_SPLIT).filter(Boolean)),
  };
}
