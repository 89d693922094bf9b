import TurndownService from 'turndown';

/** The tags codev's converter drops (html-to-markdown.ts `DROPPED_TAGS`, not exported), so turndown does the same work. */
const DROPPED_TAGS = ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'canvas'];

/** Turndown with codev's options, on the whole document: no linkedom, no readability, no URL rewriting. */
export function createPlainTurndown(): (html: string) => string {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  turndown.remove(DROPPED_TAGS as TurndownService.Filter);
  return (html) => turndown.turndown(html);
}

/** What insecure-simple fetchers do: drop script/style blocks, strip every tag, decode five entities, squeeze blank lines. */
export function regexStrip(html: string): string {
  return html
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '')
    .replace(/\n\s*\n\s*/g, '\n\n')
    .trim();
}
