import { z } from 'zod';
import { errorMessage } from '../../errors/codev-error.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { applyPrompt } from './apply-prompt.ts';
import { createAddressCheckedFetch } from './create-address-checked-fetch.ts';
import { formatAnswer, formatMarkdown, formatRedirect, truncateMarkdown } from './format-result.ts';
import { loadPage } from './load-page.ts';
import {
  WEB_FETCH_CACHE_TTL_MS,
  WEB_FETCH_DEFAULT_MODEL,
  WEB_FETCH_DESCRIPTION,
  WEB_FETCH_MAX_BYTES,
  WEB_FETCH_MAX_MARKDOWN_CHARS,
  WEB_FETCH_PROMPT,
  WEB_FETCH_TIMEOUT_MS,
} from './prompt.ts';
import { formatBytes } from './read-limited-body.ts';
import { refuseDeniedAddress } from './refuse-denied-address.ts';
import { resolveModelClient } from './resolve-model-client.ts';
import type { WebFetchOptions, WebFetchOutput } from './types.ts';
import { upgradeUrl } from './upgrade-url.ts';
import { sharedWebFetchCache } from './web-fetch-cache.ts';

export type { FetchedPage, FetchFunction, WebFetchModelClient, WebFetchOptions, WebFetchOutput, WebFetchRedirect } from './types.ts';
export { isLoopbackHost, upgradeUrl } from './upgrade-url.ts';
export { isPermittedRedirect } from './is-permitted-redirect.ts';
export { WebFetchCache, sharedWebFetchCache } from './web-fetch-cache.ts';
export {
  JINA_READER_DEFAULT_BASE_URL,
  TRUNCATION_MARKER,
  WEB_FETCH_CACHE_TTL_MS,
  WEB_FETCH_DEFAULT_MODEL,
  WEB_FETCH_MAX_BYTES,
  WEB_FETCH_MAX_MARKDOWN_CHARS,
  WEB_FETCH_MAX_REDIRECTS,
  WEB_FETCH_TIMEOUT_MS,
} from './prompt.ts';

const inputSchema = z.strictObject({
  url: z.string().min(1).describe('The URL to fetch content from (a fully-formed http or https URL)'),
  prompt: z.string().min(1).describe('What to extract from or answer about the fetched content'),
});

/**
 * Makes a WebFetch tool. Every dependency is injectable for tests: the env (Jina and model settings), `fetch`, the
 * model client (`null` = return the Markdown), the cache and its TTL, and the size and time limits.
 */
export function createWebFetchTool(options: WebFetchOptions = {}) {
  const cache = options.cache ?? sharedWebFetchCache;
  const maxBytes = options.maxBytes ?? WEB_FETCH_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? WEB_FETCH_TIMEOUT_MS;
  const maxMarkdownChars = options.maxMarkdownChars ?? WEB_FETCH_MAX_MARKDOWN_CHARS;

  return buildBuiltinTool({
    name: 'WebFetch',
    searchHint: 'fetch url web page http html markdown read website',
    description: WEB_FETCH_DESCRIPTION,
    prompt: () => WEB_FETCH_PROMPT,
    inputSchema,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    interruptBehavior: () => 'cancel',
    checkPermissions: (input) => ({ behavior: 'passthrough', message: `codev requested permission to fetch ${safeHost(input.url) ?? input.url}` }),
    getPermissionTargets: ({ url }) => [{ kind: 'url', url }],
    toAutoClassifierInput: ({ url }) => url,
    getActivityDescription: ({ url }) => `Fetching ${url ?? 'a URL'}`,
    validateInput(input) {
      let parsed: URL;
      try {
        parsed = new URL(input.url);
      } catch {
        return { result: false, message: `Invalid URL: ${input.url}. Pass a fully-formed URL such as https://example.com/page.`, errorCode: 1 };
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { result: false, message: `Unsupported protocol ${parsed.protocol} — WebFetch fetches http and https URLs only.`, errorCode: 2 };
      if (parsed.username || parsed.password) return { result: false, message: 'URLs with a username or password are not fetched.', errorCode: 3 };
      if (input.url.length > 2000) return { result: false, message: 'The URL is longer than 2000 characters.', errorCode: 4 };
      return { result: true };
    },
    async call(input, context) {
      const started = performance.now();
      const env = options.env ?? process.env;
      const url = upgradeUrl(input.url);
      const cacheTtlMs = options.cacheTtlMs ?? (Number(env.CODEV_WEBFETCH_CACHE_TTL_MS) || WEB_FETCH_CACHE_TTL_MS);
      const passed: Array<{ address: string; hostname: string }> = [];
      const check = (address: string, hostname: string) => refuseDeniedAddress({ permissionContext: context.permissionContext, url, address, hostname });
      const direct = options.fetch ?? createAddressCheckedFetch((address, hostname) => {
        check(address, hostname);
        passed.push({ address, hostname });
      });
      const addressCheck = options.fetch ? undefined : { check, passed };
      const loaded = await loadPage({ url, env, fetch: direct, readerFetch: options.fetch ?? fetch, cache, cacheTtlMs, maxBytes, timeoutMs, signal: context.signal, addressCheck });
      const durationMs = () => Math.round(performance.now() - started);
      if ('redirect' in loaded) {
        const { redirect } = loaded;
        const result = formatRedirect(redirect, input.prompt);
        const data: WebFetchOutput = { url, finalUrl: redirect.redirectUrl, code: redirect.statusCode, codeText: 'Redirect', bytes: 0, result, durationMs: durationMs(), source: 'direct', cached: false, promptApplied: false, truncated: false, redirect };
        return { data };
      }
      const { page, cached } = loaded;
      const { markdown, truncated } = truncateMarkdown(page.markdown, maxMarkdownChars);
      const base = { url, finalUrl: page.finalUrl, code: page.code, codeText: page.codeText, bytes: page.bytes, source: page.source, cached, truncated };
      const resolved = page.binary ? undefined : await resolveModelClient({ modelClient: options.modelClient, env, provider: context.agent?.provider });
      if (!resolved) {
        const reason = page.binary ? '' : 'No model is configured to apply the prompt (set ANTHROPIC_API_KEY or ANTHROPIC_BASE_URL).';
        const result = page.binary ? markdown : formatMarkdown({ markdown, page, reason });
        return { data: { ...base, result, durationMs: durationMs(), promptApplied: false } satisfies WebFetchOutput };
      }
      try {
        const model = resolved.modelId(env.CODEV_WEBFETCH_MODEL || WEB_FETCH_DEFAULT_MODEL);
        const answer = await applyPrompt({ client: resolved.client, model, markdown, prompt: input.prompt, url: page.finalUrl, signal: context.signal, spending: context.agent?.spending });
        return { data: { ...base, result: formatAnswer({ answer, page }), durationMs: durationMs(), promptApplied: true } satisfies WebFetchOutput };
      } catch (error) {
        if (context.signal.aborted) throw error;
        const reason = `The model could not apply the prompt (${errorMessage(error)}).`;
        return { data: { ...base, result: formatMarkdown({ markdown, page, reason }), durationMs: durationMs(), promptApplied: false } satisfies WebFetchOutput };
      }
    },
    mapToolResultToToolResultBlockParam: (output: WebFetchOutput, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: output.result }),
    renderToolUseMessage: (input, { verbose }) => {
      if (!input.url) return '';
      return verbose && input.prompt ? `url: "${input.url}", prompt: "${input.prompt}"` : `"${input.url}"`;
    },
    renderToolResultMessage: (output: WebFetchOutput) => {
      if (output.redirect) return `Redirected to ${output.redirect.redirectUrl} (not followed)`;
      const parts = [`Received ${formatBytes(output.bytes)} (${output.code}${output.codeText ? ` ${output.codeText}` : ''})`];
      if (output.cached) parts.push('cached');
      if (output.source === 'jina') parts.push('via Jina Reader');
      if (output.truncated) parts.push('truncated');
      return parts.join(', ');
    },
  });
}

/** WebFetch with the process env, the global `fetch` and the shared 15-minute cache. */
export const webFetchTool = createWebFetchTool();

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
