import { z } from 'zod';
import type { WebSearchProgress } from '../../progress/types.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { filterByDomains, normalizeDomain } from './domains.ts';
import type { FetchFunction } from './fetch-text.ts';
import { formatResultsForModel, renderResultsForUser } from './format-results.ts';
import { WEB_SEARCH_DESCRIPTION, WEB_SEARCH_MAX_RESULTS, WEB_SEARCH_TOOL_NAME, webSearchPrompt } from './prompt.ts';
import { searchSearxng } from './search-searxng.ts';
import { searchTavily } from './search-tavily.ts';
import { backendLabel, hasConfiguredSearchBackend, readSearchSettings, type SearchEnv } from './settings.ts';
import type { WebSearchOutput, WebSearchResult } from './types.ts';

export { filterByDomains, hostMatchesDomain, normalizeDomain } from './domains.ts';
export { formatResultsForModel, renderResultsForUser } from './format-results.ts';
export { SOURCES_REMINDER, WEB_SEARCH_MAX_RESULTS, WEB_SEARCH_SNIPPET_CHARS, WEB_SEARCH_TOOL_NAME } from './prompt.ts';
export { DEFAULT_SEARXNG_URL, DEFAULT_TAVILY_BASE_URL, DEFAULT_WEB_SEARCH_TIMEOUT_MS, hasConfiguredSearchBackend, readSearchSettings } from './settings.ts';
export type { SearchEnv, SearchSettings } from './settings.ts';
export type { SearchBackend, WebSearchInput, WebSearchOutput, WebSearchResult } from './types.ts';
export { WebSearchError } from './web-search-error.ts';

const domainList = z.array(z.string().min(1).max(253)).max(50);

const inputSchema = z.strictObject({
  query: z.string().min(2).max(400).describe('The search query to use'),
  allowed_domains: domainList.optional().describe('Only include results from these domains (subdomains included)'),
  blocked_domains: domainList.optional().describe('Never include results from these domains (subdomains included)'),
});

/** Options of {@link createWebSearchTool}; tests pass an env and a short timeout. */
export interface WebSearchToolOptions {
  /** Where TAVILY_API_KEY, TAVILY_BASE_URL, SEARXNG_URL and CODEV_WEB_SEARCH_TIMEOUT_MS come from. Default `process.env`, read at call time. */
  env?: SearchEnv | (() => SearchEnv);
  /** Overrides the timeout of every search, in milliseconds. */
  timeoutMs?: number;
  /** Replaces the global `fetch`. */
  fetch?: FetchFunction;
}

/**
 * Makes the WebSearch tool. Backend: Tavily when `TAVILY_API_KEY` is set, else SearXNG at `SEARXNG_URL`
 * (default {@link DEFAULT_SEARXNG_URL}). Domain filters go to Tavily as `include_domains` / `exclude_domains`
 * and are applied to every backend's results client-side (exact host or a subdomain after a dot).
 *
 * Permissions: like Claude Code's WebSearch it answers `passthrough`, so a call asks unless a bare `WebSearch`
 * allow rule (or the mode) grants it: the query leaves the machine for a third party.
 */
export function createWebSearchTool(options: WebSearchToolOptions = {}) {
  const readEnv = (): SearchEnv => (typeof options.env === 'function' ? options.env() : (options.env ?? process.env));
  return buildBuiltinTool<typeof inputSchema, WebSearchOutput, WebSearchProgress>({
    name: WEB_SEARCH_TOOL_NAME,
    searchHint: 'search the web internet online current news documentation',
    description: WEB_SEARCH_DESCRIPTION,
    prompt: () => webSearchPrompt(),
    inputSchema,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    interruptBehavior: () => 'cancel',
    userFacingName: () => 'Web Search',
    // Unconfigured, its schema is held back (ToolSearch still finds it, and a call says how to configure it),
    // so a request does not pay for a tool that would most likely fail.
    shouldDefer: !hasConfiguredSearchBackend(readEnv()),
    toAutoClassifierInput: (input) => input.query,
    getActivityDescription: (input) => (input.query ? `Searching the web for "${input.query}"` : 'Searching the web'),
    checkPermissions: () => ({ behavior: 'passthrough', message: 'WebSearch sends the query to a search service and requires permission.' }),
    validateInput(input) {
      if (input.allowed_domains?.length && input.blocked_domains?.length) {
        return { result: false, message: 'Error: Cannot specify both allowed_domains and blocked_domains in the same request', errorCode: 1 };
      }
      const bad = [...(input.allowed_domains ?? []), ...(input.blocked_domains ?? [])].find((domain) => !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(normalizeDomain(domain)));
      if (bad !== undefined) return { result: false, message: `Invalid domain "${bad}": give a host name such as "example.com"`, errorCode: 2 };
      return { result: true };
    },
    async call(input, context) {
      const started = performance.now();
      const settings = readSearchSettings(readEnv(), { timeoutMs: options.timeoutMs });
      const allowed = input.allowed_domains?.map(normalizeDomain);
      const blocked = input.blocked_domains?.map(normalizeDomain);
      context.onProgress({ type: 'web_search_progress', backend: settings.backend, query: input.query, status: 'searching' });
      let raw: WebSearchResult[];
      let unresponsiveEngines: [string, string][] | undefined;
      if (settings.backend === 'tavily') {
        raw = await searchTavily({ query: input.query, allowedDomains: allowed, blockedDomains: blocked, apiKey: settings.apiKey, baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs, signal: context.signal, fetch: options.fetch });
      } else {
        const answer = await searchSearxng({ query: input.query, baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs, signal: context.signal, fetch: options.fetch });
        raw = answer.results;
        if (answer.unresponsiveEngines.length > 0) unresponsiveEngines = answer.unresponsiveEngines;
      }
      const unique = dedupe(raw);
      const kept = filterByDomains(unique, { allowed, blocked });
      const results = kept.slice(0, WEB_SEARCH_MAX_RESULTS);
      context.onProgress({ type: 'web_search_progress', backend: settings.backend, query: input.query, status: 'results', resultCount: results.length });
      const data: WebSearchOutput = {
        query: input.query,
        backend: settings.backend,
        results,
        filteredOut: unique.length - kept.length,
        ...(unresponsiveEngines ? { unresponsiveEngines } : {}),
        durationSeconds: Math.round(performance.now() - started) / 1000,
      };
      return { data };
    },
    mapToolResultToToolResultBlockParam: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: formatResultsForModel(output) }),
    renderToolUseMessage(input) {
      const filters = input.allowed_domains?.length ? `, only ${input.allowed_domains.join(', ')}` : input.blocked_domains?.length ? `, not ${input.blocked_domains.join(', ')}` : '';
      return `"${input.query ?? ''}"${filters}`;
    },
    renderToolResultMessage: (output) => renderResultsForUser(output),
    renderToolUseProgressMessage(progress) {
      const last = progress.at(-1);
      if (!last) return '';
      const label = backendLabel(last.backend === 'tavily' ? 'tavily' : 'searxng');
      return last.status === 'searching' ? `Searching ${label}: "${last.query}"` : `${last.resultCount ?? 0} results from ${label}`;
    },
  });
}

/** The same URL listed twice (SearXNG merges engines, but not always) is kept once. */
function dedupe(results: readonly WebSearchResult[]): WebSearchResult[] {
  const seen = new Set<string>();
  return results.filter((result) => !seen.has(result.url) && (seen.add(result.url), true));
}

/** WebSearch reading `process.env` at call time. */
export const webSearchTool = createWebSearchTool();
