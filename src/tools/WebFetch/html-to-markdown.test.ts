import { describe, expect, it } from 'vitest';
import { classifyContent, contentToMarkdown } from './content-to-markdown.ts';
import { htmlToMarkdown } from './html-to-markdown.ts';
import { ARTICLE_HTML } from './test-fixtures/test-site.ts';
import { WebFetchCache } from './web-fetch-cache.ts';
import type { FetchedPage } from './types.ts';

describe('htmlToMarkdown', () => {
  const { markdown, title } = htmlToMarkdown(ARTICLE_HTML, 'https://garden.example/guide/tomatoes');

  it('keeps the main content: headings, lists, links and images, with absolute URLs', () => {
    expect(title).toBe('Gardening Guide');
    expect(markdown).toMatch(/^# Gardening Guide/);
    expect(markdown).toContain('## Planting');
    expect(markdown).toContain('## Watering');
    expect(markdown).toContain('[soil guide](https://garden.example/docs/soil)');
    expect(markdown).toContain('![A ripe tomato](https://garden.example/images/tomato.png)');
    expect(markdown).toMatch(/-\s+Use drip irrigation/);
  });

  it('drops the nav, the footer and scripts', () => {
    expect(markdown).not.toContain('NAVIGATION-MARKER');
    expect(markdown).not.toContain('FOOTER-MARKER');
    expect(markdown).not.toContain('SCRIPT-MARKER');
  });

  it('converts the whole body when readability finds no article', () => {
    const result = htmlToMarkdown('<html><body><p>Just <a href="/x">one link</a>.</p><script>SCRIPT</script></body></html>', 'https://a.example/');
    expect(result.markdown).toContain('[one link](https://a.example/x)');
    expect(result.markdown).not.toContain('SCRIPT');
  });
});

describe('contentToMarkdown', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('returns text, Markdown and JSON as they are', async () => {
    expect((await contentToMarkdown({ body: bytes('# Title\n\n*x*'), contentType: 'text/markdown', url: 'https://a/' })).markdown).toBe('# Title\n\n*x*');
    expect((await contentToMarkdown({ body: bytes('{"a":1}'), contentType: 'application/json; charset=utf-8', url: 'https://a/' })).markdown).toBe('{"a":1}');
    expect(classifyContent('application/ld+json', bytes('{}'))).toBe('text');
  });

  it('describes binary content instead of decoding it', async () => {
    const result = await contentToMarkdown({ body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), contentType: 'image/png', url: 'https://a/' });
    expect(result.binary).toBe(true);
    expect(result.markdown).toContain('binary content (image/png, 7 bytes)');
  });

  it('sniffs a body without a Content-Type', () => {
    expect(classifyContent('', bytes('<!DOCTYPE html><html></html>'))).toBe('html');
    expect(classifyContent('', bytes('plain words'))).toBe('text');
    expect(classifyContent('', new Uint8Array([0, 159, 146, 150]))).toBe('binary');
  });
});

describe('WebFetchCache', () => {
  const page = (markdown: string): FetchedPage => ({ finalUrl: 'https://a/', code: 200, codeText: 'OK', bytes: 1, contentType: 'text/plain', markdown, binary: false, source: 'direct' });

  it('expires entries after the reader’s TTL', () => {
    const cache = new WebFetchCache();
    cache.set('k', page('x'), 1000);
    expect(cache.get('k', 500, 1400)).toBeDefined();
    expect(cache.get('k', 500, 1500)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry past the count and size bounds', () => {
    const cache = new WebFetchCache({ maxEntries: 2, maxChars: 100 });
    cache.set('a', page('1'));
    cache.set('b', page('2'));
    cache.get('a', 60_000);
    cache.set('c', page('3'));
    expect(cache.get('b', 60_000)).toBeUndefined();
    expect(cache.get('a', 60_000)).toBeDefined();
    cache.set('big', page('x'.repeat(97)));
    expect(cache.size).toBe(1);
    cache.set('huge', page('x'.repeat(200)));
    expect(cache.get('huge', 60_000)).toBeUndefined();
  });
});
