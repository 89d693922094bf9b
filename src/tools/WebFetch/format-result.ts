import { TRUNCATION_MARKER } from './prompt.ts';
import type { FetchedPage, WebFetchRedirect } from './types.ts';

/** The result that reports a redirect to another host instead of following it. */
export function formatRedirect(redirect: WebFetchRedirect, prompt: string): string {
  return `REDIRECT DETECTED: The URL redirects to a different host.

Original URL: ${redirect.originalUrl}
Redirect URL: ${redirect.redirectUrl}
Status: ${redirect.statusCode}

The content was not fetched. To fetch it, call WebFetch again with these parameters:
- url: "${redirect.redirectUrl}"
- prompt: "${prompt.replace(/"/g, '\\"')}"`;
}

/** Cuts the Markdown to `maxChars`, marking the cut. */
export function truncateMarkdown(markdown: string, maxChars: number): { markdown: string; truncated: boolean } {
  if (markdown.length <= maxChars) return { markdown, truncated: false };
  return { markdown: `${markdown.slice(0, maxChars)}\n\n${TRUNCATION_MARKER}`, truncated: true };
}

/** Lines the model should read before the content: an HTTP error status, a Jina warning. */
export function statusNotes(page: FetchedPage): string[] {
  const notes: string[] = [];
  if (page.code >= 400) notes.push(`Note: the server answered HTTP ${page.code}${page.codeText ? ` ${page.codeText}` : ''}.`);
  if (page.warning) notes.push(`Note (Jina Reader): ${page.warning}`);
  return notes;
}

/** The result when the small model answered the prompt. */
export function formatAnswer(options: { answer: string; page: FetchedPage }): string {
  return [...statusNotes(options.page), options.answer, '', `Source: ${options.page.finalUrl}`].join('\n');
}

/** The result when no model applied the prompt: the Markdown itself, with a note saying why. */
export function formatMarkdown(options: { markdown: string; page: FetchedPage; reason: string }): string {
  const header = `Content of ${options.page.finalUrl} as Markdown. ${options.reason} Answer the prompt from this content yourself.`;
  return [header, ...statusNotes(options.page), '', options.markdown].join('\n');
}
