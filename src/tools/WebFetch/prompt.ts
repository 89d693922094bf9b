/** The largest response body WebFetch reads, in bytes; reading stops there. */
export const WEB_FETCH_MAX_BYTES = 10 * 1024 * 1024;
/** How long one fetch (all redirect hops and the body) may take, in milliseconds. */
export const WEB_FETCH_TIMEOUT_MS = 30_000;
/** How long a fetched page stays in the per-process cache, in milliseconds (15 minutes). */
export const WEB_FETCH_CACHE_TTL_MS = 15 * 60 * 1000;
/** The Markdown given to the model (or returned) is cut to this many characters. */
export const WEB_FETCH_MAX_MARKDOWN_CHARS = 100_000;
/** Same-host redirects followed before giving up. */
export const WEB_FETCH_MAX_REDIRECTS = 10;
/** The small fast model that applies the prompt, unless `CODEV_WEBFETCH_MODEL` names another. */
export const WEB_FETCH_DEFAULT_MODEL = 'claude-haiku-4-5';
/** Where Jina Reader lives, unless `JINA_READER_BASE_URL` says otherwise. */
export const JINA_READER_DEFAULT_BASE_URL = 'https://r.jina.ai';
export const WEB_FETCH_USER_AGENT = 'codev-WebFetch/0.1 (+https://github.com/codev)';
export const TRUNCATION_MARKER = '[Content truncated due to length...]';

export const WEB_FETCH_DESCRIPTION = 'Fetch a URL, convert it to Markdown and answer a prompt about it with a small fast model';

export const WEB_FETCH_PROMPT = `- Fetches content from a URL and processes it with a prompt, using a small fast model
- Takes a URL and a prompt as input
- Fetches the URL content and converts HTML to Markdown (main content only; links and images are kept)
- Processes the content with the prompt and returns the model's answer about the content
- Use this tool when you need to retrieve and analyze web content

Usage notes:
  - IMPORTANT: If an MCP-provided web fetch tool is available, prefer it, as it may have fewer restrictions.
  - The URL must be a fully-formed valid URL
  - HTTP URLs are upgraded to HTTPS (except loopback addresses such as localhost)
  - The prompt should describe what information you want to extract from the page
  - This tool is read-only and does not modify any files
  - Results may be summarized if the content is very large
  - Includes a self-cleaning 15-minute cache for faster responses when the same URL is fetched again
  - When a URL redirects to a different host, the tool tells you the redirect URL instead of following it. Call WebFetch again with that URL.
  - For GitHub URLs, prefer the gh CLI via Bash instead (gh pr view, gh issue view, gh api).`;

/** The user message sent to the small model: the page, then the prompt and how to answer. */
export function makeSecondaryModelPrompt(options: { markdown: string; prompt: string; url: string }): string {
  return `Web page content (from ${options.url}):
---
${options.markdown}
---

${options.prompt}

Provide a concise response based only on the content above. In your response:
- Quote exact text only when needed, and keep quotes short (at most 125 characters each).
- Use quotation marks for exact language from the page; anything else is your paraphrase.
- Do not make up facts that are not in the content.`;
}
