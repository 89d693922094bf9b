import type { FakeSearchDocument } from './types.ts';

/** The pages the fakes know unless a test passes its own. Several hosts, so domain filters have something to do. */
export const DEFAULT_FAKE_DOCUMENTS: readonly FakeSearchDocument[] = Object.freeze([
  { url: 'https://nodejs.org/api/fetch.html', title: 'Fetch | Node.js Documentation', content: 'The fetch API in Node.js is available globally since Node 18.', publishedDate: '2025-06-14T08:00:00' },
  { url: 'https://developer.mozilla.org/en-US/docs/Web/API/Fetch_API', title: 'Fetch API - MDN Web Docs', content: 'The Fetch API provides an interface for fetching resources across the network.' },
  { url: 'https://docs.example.com/guides/fetch', title: 'Using fetch on example docs', content: 'A guide to fetch with timeouts and AbortSignal.' },
  { url: 'https://notexample.com/fetch-spam', title: 'Fetch tricks (spam)', content: 'Clickbait about fetch.' },
  { url: 'https://www.pinterest.com/pin/fetch', title: 'Fetch pins', content: 'Images about fetch.' },
]);

/** The lowercase words of `query` that are at least 2 characters long. */
function words(query: string): string[] {
  return query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 2);
}

/** Documents whose title, content or URL contains any query word, most matching words first (stable). */
export function findDocuments(documents: readonly FakeSearchDocument[], query: string): FakeSearchDocument[] {
  const terms = words(query);
  return documents
    .map((document, index) => {
      const haystack = `${document.title} ${document.content} ${document.url}`.toLowerCase();
      return { document, index, hits: terms.filter((term) => haystack.includes(term)).length };
    })
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.index - b.index)
    .map((entry) => entry.document);
}

/** True when the URL's host is `domain` or a subdomain of it (`docs.example.com` matches `example.com`). */
export function hostMatches(url: string, domain: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  const wanted = domain.toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
  return host === wanted || host.endsWith(`.${wanted}`);
}
