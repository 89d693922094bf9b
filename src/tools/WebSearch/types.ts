/** WebSearch's data: one result, the output of a call, the backend names. Types only. */

/** The two search backends. */
export type SearchBackend = 'tavily' | 'searxng';

/** One search hit as the model reads it. */
export interface WebSearchResult {
  title: string;
  url: string;
  /** The page excerpt, whitespace collapsed, at most {@link WEB_SEARCH_SNIPPET_CHARS} characters. */
  snippet: string;
  /** ISO or RFC date the backend reported, when any. */
  publishedDate?: string;
}

/** What a WebSearch call returns. */
export interface WebSearchOutput {
  query: string;
  backend: SearchBackend;
  results: WebSearchResult[];
  /** Results the backend returned that the domain filters removed (client-side). */
  filteredOut: number;
  /** SearXNG engines that failed, as `[engine, error]`. */
  unresponsiveEngines?: [string, string][];
  durationSeconds: number;
}

/** The parsed input. */
export interface WebSearchInput {
  query: string;
  allowed_domains?: string[];
  blocked_domains?: string[];
}
