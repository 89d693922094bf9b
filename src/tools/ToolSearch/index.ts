import { z } from 'zod';
import { getSessionState } from '../../session/get-session-state.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import type { Tool } from '../../tool/types.ts';
import { getSearchIndex, type DeferredIndex } from './get-search-index.ts';
import { NO_MATCH_TEXT, TOOL_SEARCH_DESCRIPTION, TOOL_SEARCH_PROMPT } from './prompt.ts';
import { rankTools } from './search-tools.ts';

export const TOOL_SEARCH_NAME = 'ToolSearch';
export const DEFAULT_MAX_RESULTS = 5;
const SELECT = /^select:/i;

const inputSchema = z.strictObject({
  query: z.string().min(1).describe('"select:<name>[,<name>...]" for exact tools, or keywords ("+term" = required term)'),
  max_results: z.number().int().min(1).max(100).optional().describe(`The most matches to return (default ${DEFAULT_MAX_RESULTS})`),
});

/** What ToolSearch returns: the matched names, the query, and how many tools are deferred in all. */
export interface ToolSearchData {
  matches: string[];
  query: string;
  total_deferred_tools: number;
  /** For the result text: each match's one-line description. */
  descriptions: Record<string, string>;
  /** `select:` names that are not in the pool. */
  missing?: string[];
}

/** Finds `select:` names in the pool: exact name first, then any case. */
function selectTools(query: string, pool: Pick<DeferredIndex, 'byName' | 'byLowerName'>): { found: Tool[]; missing: string[] } {
  const found: Tool[] = [];
  const missing: string[] = [];
  for (const name of query.slice('select:'.length).split(',').map((part) => part.trim()).filter(Boolean)) {
    const tool = pool.byName.get(name) ?? pool.byLowerName.get(name.toLowerCase());
    if (!tool) missing.push(name);
    else if (!found.includes(tool)) found.push(tool);
  }
  return { found, missing };
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/**
 * Searches the deferred tools of the pool (`context.tools`) and loads the matches: their names join the
 * session's `loadedDeferredTools`, and the agent sends their schemas with the next request.
 */
export const toolSearchTool = buildBuiltinTool<typeof inputSchema, ToolSearchData>({
  name: TOOL_SEARCH_NAME,
  searchHint: 'find load deferred mcp tools by name keyword',
  inputSchema,
  description: TOOL_SEARCH_DESCRIPTION,
  prompt: () => TOOL_SEARCH_PROMPT,
  alwaysLoad: true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  maxResultSizeChars: 100_000,
  userFacingName: () => 'Tool Search',
  getActivityDescription: (input) => `Searching tools for ${input.query ?? ''}`.trim(),
  renderToolUseMessage: (input) => input.query ?? '',
  async call(input, context) {
    const pool = await getSearchIndex(context.tools, TOOL_SEARCH_NAME);
    const { deferred, index } = pool;
    const query = input.query.trim();
    let matched: Tool[];
    let missing: string[] | undefined;
    if (SELECT.test(query)) {
      ({ found: matched, missing } = selectTools(query, pool));
    } else {
      matched = rankTools({ query, index, maxResults: input.max_results ?? DEFAULT_MAX_RESULTS }).map((entryIndex) => deferred[entryIndex]!);
    }
    const loaded = getSessionState(context).loadedDeferredTools;
    for (const tool of matched) loaded.add(tool.name);
    const descriptions = Object.fromEntries(await Promise.all(matched.map(async (tool) => [tool.name, firstLine(await tool.description())] as const)));
    return { data: { matches: matched.map((tool) => tool.name), query: input.query, total_deferred_tools: deferred.length, descriptions, ...(missing?.length ? { missing } : {}) } };
  },
  mapToolResultToToolResultBlockParam: (data, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: formatToolSearchResult(data) }),
});

/** The text the model reads: the matches with their descriptions, or the no-match line. */
export function formatToolSearchResult(data: ToolSearchData): string {
  const missing = data.missing?.length ? `\nNot found: ${data.missing.join(', ')}` : '';
  if (data.matches.length === 0) return `${NO_MATCH_TEXT} (total_deferred_tools: ${data.total_deferred_tools})${missing}`;
  const lines = data.matches.map((name) => `- ${name}${data.descriptions[name] ? `: ${data.descriptions[name]}` : ''}`);
  return `Loaded ${data.matches.length} tool${data.matches.length === 1 ? '' : 's'}; their schemas are available from your next turn, then call them directly:\n${lines.join('\n')}\n(total_deferred_tools: ${data.total_deferred_tools})${missing}`;
}

export { isDeferredTool, isToolSearchEnabled } from '../../tool/is-deferred-tool.ts';
export { rankTools, searchTools, SCORES } from './search-tools.ts';
export { createSearchIndex } from './search-index.ts';
export type { SearchIndex } from './search-index.ts';
export { toSearchEntry } from './search-entry.ts';
export type { SearchEntry } from './search-entry.ts';
export { splitToolName } from './split-tool-name.ts';
