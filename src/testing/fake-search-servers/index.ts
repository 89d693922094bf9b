/** Fake Tavily and SearXNG HTTP servers of `codev/testing`, written to the Tavily and SearXNG API specifications. */
export { createFakeTavilyServer, FAKE_TAVILY_API_KEY, TAVILY_ERROR_MESSAGES } from './create-fake-tavily-server.ts';
export type { FakeTavilyServerOptions } from './create-fake-tavily-server.ts';
export { createFakeSearxngServer, FAKE_SEARXNG_PAGE_SIZE, SEARXNG_FORBIDDEN_HTML } from './create-fake-searxng-server.ts';
export type { FakeSearxngServerOptions } from './create-fake-searxng-server.ts';
export { DEFAULT_FAKE_DOCUMENTS } from './documents.ts';
export type { FakeSearchDocument, FakeSearchScriptItem, FakeSearchServer, FakeSearchServerOptions, RecordedSearchRequest } from './types.ts';
