/** The page's fetch helper: JSON in and out, a `UiError` answer becomes an `ApiError` with its code and hint. */
import type { UiError } from '../types.ts';

/** An answer the page could not use: the server's code, message and hint (or the page's own, for a network failure). */
export class ApiError extends Error {
  readonly code: string;
  readonly hint?: string;
  readonly status: number;
  constructor(details: { code: string; message: string; hint?: string; status: number }) {
    super(details.message);
    this.code = details.code;
    this.hint = details.hint;
    this.status = details.status;
  }
}

export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { signal, headers: { accept: 'application/json' } });
}

export function postJson<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError({ code: 'UI_UNREACHABLE', message: 'The codev ui server did not answer.', hint: 'Is `codev ui` still running?', status: 0 });
  }
  if (response.status === 401) {
    throw new ApiError({ code: 'UI_UNAUTHORIZED', message: 'This page is not signed in.', hint: 'Open the URL `codev ui` printed (it carries the token).', status: 401 });
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const error = (body as Partial<UiError> | undefined)?.error;
    throw new ApiError({
      code: error?.code ?? `HTTP_${response.status}`,
      message: error?.message ?? `The server answered ${response.status}.`,
      hint: error?.hint,
      status: response.status,
    });
  }
  return body as T;
}

/** Any thrown value as an ApiError, for showing. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ code: 'UI_PAGE_ERROR', message: error instanceof Error ? error.message : String(error), status: 0 });
}
