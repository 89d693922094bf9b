import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

const DROPPED_TAGS = ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'canvas'];

/**
 * HTML → Markdown: the readability main content (nav, headers, footers and sidebars dropped), or the whole body
 * when readability finds nothing; links and images kept as Markdown with absolute URLs.
 */
export function htmlToMarkdown(html: string, pageUrl: string): { markdown: string; title?: string } {
  const article = readArticle(html, pageUrl);
  const turndown = createTurndown();
  if (article && article.markdownSource.trim() !== '') {
    const body = turndown.turndown(article.markdownSource).trim();
    if (body !== '') return { markdown: withTitle(body, article.title), title: article.title };
  }
  const { document } = parseHTML(html);
  absolutize(document, pageUrl);
  for (const tag of DROPPED_TAGS) for (const element of [...document.querySelectorAll(tag)]) element.remove();
  const title = document.querySelector('title')?.textContent?.trim() || undefined;
  const source = document.body?.innerHTML ?? document.documentElement?.innerHTML ?? html;
  return { markdown: withTitle(turndown.turndown(source || ' ').trim(), title), title };
}

function readArticle(html: string, pageUrl: string): { markdownSource: string; title?: string } | undefined {
  try {
    const { document } = parseHTML(html);
    absolutize(document, pageUrl);
    const parsed = new Readability(document as unknown as Document, { keepClasses: false }).parse();
    if (!parsed?.content) return undefined;
    return { markdownSource: parsed.content, title: parsed.title?.trim() || undefined };
  } catch {
    return undefined;
  }
}

/** Rewrites `a[href]` and `img[src]` to absolute URLs (readability's own fix-up needs `baseURI`, which linkedom lacks). */
function absolutize(document: ReturnType<typeof parseHTML>['document'], pageUrl: string): void {
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  let base = pageUrl;
  try {
    if (baseHref) base = new URL(baseHref, pageUrl).href;
  } catch {
    // keep the page URL
  }
  const rewrite = (selector: string, attribute: string) => {
    for (const element of [...document.querySelectorAll(selector)]) {
      const value = element.getAttribute(attribute);
      if (!value || value.startsWith('#') || /^(javascript|data|mailto|tel):/i.test(value)) continue;
      try {
        element.setAttribute(attribute, new URL(value, base).href);
      } catch {
        // leave unparsable URLs as written
      }
    }
  };
  rewrite('a[href]', 'href');
  rewrite('img[src]', 'src');
  for (const image of [...document.querySelectorAll('img[data-src]:not([src])')]) image.setAttribute('src', image.getAttribute('data-src') ?? '');
}

function createTurndown(): TurndownService {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  turndown.remove(DROPPED_TAGS as TurndownService.Filter);
  return turndown;
}

function withTitle(markdown: string, title: string | undefined): string {
  if (!title) return markdown;
  const firstLine = markdown.split('\n', 1)[0] ?? '';
  if (firstLine.replace(/^#+\s*/, '').trim() === title) return markdown;
  return `# ${title}\n\n${markdown}`;
}
