import { CodevError } from '../../errors/codev-error.ts';
import { readLimitedBody } from './read-limited-body.ts';
import type { FetchedPage, FetchFunction } from './types.ts';

/** The Jina Reader URL for a target: the base, a slash, then the target verbatim (fragment dropped). */
export function jinaReaderUrl(baseUrl: string, target: string): string {
  const parsed = new URL(target);
  parsed.hash = '';
  return `${baseUrl.replace(/\/+$/, '')}/${parsed.href}`;
}

/**
 * Fetches `url` through Jina Reader (`GET {base}/{url}`, JSON mode, Markdown) and returns its Markdown. Jina's error
 * envelopes (401 bad key, 402 balance, 429 rate limit with Retry-After, 451 blocked, 422 unreachable) become
 * readable errors.
 */
export async function fetchJina(options: {
  url: string;
  apiKey: string;
  baseUrl: string;
  fetch: FetchFunction;
  signal: AbortSignal;
  maxBytes: number;
  timeoutMs: number;
}): Promise<FetchedPage> {
  const readerUrl = jinaReaderUrl(options.baseUrl, options.url);
  // Jina waits up to X-Timeout seconds for the page; our own deadline must be longer than that.
  const jinaTimeoutSeconds = Math.min(180, Math.max(1, Math.floor(options.timeoutMs / 1000) - 5));
  const response = await options.fetch(readerUrl, {
    signal: options.signal,
    headers: {
      authorization: `Bearer ${options.apiKey}`,
      accept: 'application/json',
      'x-return-format': 'markdown',
      'x-timeout': String(jinaTimeoutSeconds),
    },
  });
  const body = await readLimitedBody({ response, maxBytes: options.maxBytes, url: readerUrl });
  const text = new TextDecoder().decode(body);
  const envelope = parseJson(text);
  const data = envelope?.data as Record<string, unknown> | null | undefined;
  if (!response.ok || !data || typeof data !== 'object') throw jinaError({ response, envelope, text, url: options.url });
  const content = String(data.content ?? data.text ?? data.html ?? '');
  const title = typeof data.title === 'string' && data.title !== '' ? data.title : undefined;
  return {
    finalUrl: typeof data.url === 'string' && data.url !== '' ? data.url : options.url,
    code: typeof envelope?.code === 'number' ? envelope.code : response.status,
    codeText: response.statusText || 'OK',
    bytes: body.byteLength,
    contentType: 'text/markdown',
    markdown: title && !content.trimStart().startsWith('#') ? `# ${title}\n\n${content}` : content,
    title,
    binary: false,
    source: 'jina',
    warning: typeof data.warning === 'string' && data.warning !== '' ? data.warning : undefined,
  };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function jinaError(options: { response: Response; envelope: Record<string, unknown> | undefined; text: string; url: string }): CodevError {
  const { response, envelope } = options;
  const detail = String(envelope?.readableMessage ?? envelope?.message ?? (options.text.slice(0, 300) || response.statusText));
  const status = response.ok ? Number(envelope?.code ?? 502) : response.status;
  const hints: Record<number, string> = {
    401: 'JINA_API_KEY is invalid: set a valid key from https://jina.ai, or unset JINA_API_KEY to fetch directly',
    402: 'the Jina account has no balance left: recharge it, or unset JINA_API_KEY to fetch directly',
    429: `Jina's rate limit was hit; retry after ${response.headers.get('retry-after') ?? 'a while'} seconds`,
    451: 'Jina refuses this target; unset JINA_API_KEY to fetch it directly',
  };
  const hint = hints[status] ?? 'try again, or unset JINA_API_KEY to fetch directly';
  // The hint goes into the message too: the model reads only the message.
  return new CodevError('TOOL_FAILED', `Jina Reader could not fetch ${options.url}: HTTP ${status}: ${detail} (${hint})`, { tool: 'WebFetch', hint });
}
