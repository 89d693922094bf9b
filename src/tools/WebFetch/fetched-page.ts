/** A page after fetching and conversion, as cached. */
export interface FetchedPage {
  /** The URL whose content this is (after same-host redirects). */
  finalUrl: string;
  code: number;
  codeText: string;
  bytes: number;
  contentType: string;
  /** The content as Markdown (or text), or a message for binary content. */
  markdown: string;
  title?: string;
  /** True when there is no text to give the model (binary content). */
  binary: boolean;
  source: 'direct' | 'jina';
  /** Jina's warning, e.g. "Target URL returned error 404". */
  warning?: string;
  /** The addresses its host names resolved to when it was fetched directly: a cache hit is judged by them again. */
  addresses?: ReadonlyArray<{ address: string; hostname: string }>;
}
