import type { LocationToolProgress } from '../../progress/types.ts';
import type { LocationEnv } from './config.ts';
import type { WifiAccessPoint } from './types.ts';

/** What the provider clients need: injected in tests, real by default. */
export interface LocationRuntime {
  env: LocationEnv;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  scanWifi: () => Promise<readonly WifiAccessPoint[]>;
  signal: AbortSignal;
  action: string;
  progress(update: Omit<LocationToolProgress, 'type' | 'action'>): void;
}

/** Fetches JSON; the body is parsed whatever the HTTP status (map APIs put errors in the body). */
export async function fetchJson(
  runtime: LocationRuntime,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  let response: Response;
  try {
    response = await runtime.fetch(url, { ...init, signal: runtime.signal });
  } catch (error) {
    throw new Error(`Could not reach ${new URL(url).host}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new Error(`${new URL(url).host} answered HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body, headers: response.headers };
}

export function withQuery(base: string, path: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(base + path);
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  return url.toString();
}
