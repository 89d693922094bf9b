import type { FetchedPage } from './fetched-page.ts';

interface Entry {
  page: FetchedPage;
  storedAt: number;
  size: number;
}

/**
 * An in-memory LRU of fetched pages, bounded by entry count and total characters. Entries carry their storage
 * time; each reader applies its own TTL, so tools with different TTLs can share one cache.
 */
export class WebFetchCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxChars: number;
  #chars = 0;

  constructor(options: { maxEntries?: number; maxChars?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 200;
    this.#maxChars = options.maxChars ?? 50_000_000;
  }

  get(key: string, ttlMs: number, now = Date.now()): FetchedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= ttlMs) {
      this.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: FetchedPage, now = Date.now()): void {
    const size = page.markdown.length + key.length;
    if (size > this.#maxChars) return;
    this.delete(key);
    this.#entries.set(key, { page, storedAt: now, size });
    this.#chars += size;
    while (this.#entries.size > this.#maxEntries || this.#chars > this.#maxChars) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#chars -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** The cache every WebFetch tool of this process shares unless given its own. */
export const sharedWebFetchCache = new WebFetchCache();

/** The cache key: the backend and the URL. */
export function webFetchCacheKey(source: 'direct' | 'jina', url: string): string {
  return `${source}:${url}`;
}
