export const WEB_SEARCH_TOOL_NAME = 'WebSearch';

/** How many results a call asks for and lists at most. */
export const WEB_SEARCH_MAX_RESULTS = 10;

/** Snippets longer than this are cut (with an ellipsis). */
export const WEB_SEARCH_SNIPPET_CHARS = 500;

export const WEB_SEARCH_DESCRIPTION = 'Search the web (Tavily or SearXNG) and return titles, URLs and snippets';

/** The reminder after the results. */
export const SOURCES_REMINDER =
  'Sources: when you use these results, cite them in your answer as markdown links, e.g. [Title](https://example.com/page).';

// Month names written out: toLocaleString would start ICU (tens of ms) in every run that renders this prompt.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The text the model sees for WebSearch. */
export function webSearchPrompt(now: Date = new Date()): string {
  const month = `${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
  return `Searches the web and returns up to ${WEB_SEARCH_MAX_RESULTS} results, each with a title, URL and snippet.
- Use it for information beyond your knowledge cutoff: current events, recent releases, documentation that may have changed.
- The backend is Tavily when TAVILY_API_KEY is set, otherwise a SearXNG instance (SEARXNG_URL).
- allowed_domains restricts results to those sites, blocked_domains removes them (a domain also covers its subdomains: "example.com" matches "docs.example.com"). Use one or the other, not both.
- Snippets are short; fetch a page with WebFetch when you need its full text.
- The current month is ${month}. Use this year when you search for recent information, not an older one.
- After answering, you MUST list the sources you used as markdown links: [Title](URL).`;
}
