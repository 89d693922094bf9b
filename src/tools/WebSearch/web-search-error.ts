import type { SearchBackend } from './types.ts';

/** A search failed: the message names the backend, the HTTP status when there is one, and the fix. */
export class WebSearchError extends Error {
  readonly backend: SearchBackend;
  readonly status?: number;

  constructor(message: string, backend: SearchBackend, status?: number) {
    super(message);
    this.name = 'WebSearchError';
    this.backend = backend;
    this.status = status;
  }
}
