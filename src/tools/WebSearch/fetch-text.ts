/** The `fetch` WebSearch uses; tests may pass their own. */
export type FetchFunction = (input: URL, init: RequestInit) => Promise<Response>;

/** A finished HTTP exchange, or why there was none. */
export type FetchOutcome =
  | { ok: true; status: number; headers: Headers; text: string }
  | { ok: false; reason: 'timeout' }
  | { ok: false; reason: 'unreachable'; code?: string; detail: string };

/**
 * Fetches `url` and reads the whole body, aborting after `timeoutMs` (headers and body together) or when `signal`
 * aborts. A user abort rethrows (the call is cancelled); a timeout or a network failure comes back as an outcome
 * so the backend can word the error.
 */
export async function fetchText(options: {
  url: URL;
  init: RequestInit;
  timeoutMs: number;
  signal: AbortSignal;
  fetch?: FetchFunction;
}): Promise<FetchOutcome> {
  const { signal, timeoutMs } = options;
  signal.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await (options.fetch ?? fetch)(options.url, { ...options.init, signal: controller.signal, redirect: 'follow' });
    const text = await response.text();
    return { ok: true, status: response.status, headers: response.headers, text };
  } catch (error) {
    if (signal.aborted) throw signal.reason ?? error;
    if (timedOut) return { ok: false, reason: 'timeout' };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const code = cause?.code;
    return { ok: false, reason: 'unreachable', code, detail: cause?.message ?? (error as Error).message ?? String(error) };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

/** The JSON of a body, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** "15 s" / "250 ms". */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** Collapses whitespace and cuts `text` to `limit` characters with an ellipsis. */
export function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}
