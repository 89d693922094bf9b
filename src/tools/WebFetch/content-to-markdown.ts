/** What a body is, from its Content-Type header or, without one, from its first bytes. */
export function classifyContent(contentType: string, body: Uint8Array): 'html' | 'text' | 'binary' {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type.startsWith('text/')) return 'text';
  if (/^application\/([\w.+-]*\+)?(json|xml|javascript|ecmascript|x-ndjson|yaml|x-yaml|toml|x-sh|sql|graphql)$/.test(type)) return 'text';
  if (type !== '' && type !== 'application/octet-stream') return 'binary';
  const head = new TextDecoder('utf-8').decode(body.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html';
  return looksLikeText(body) ? 'text' : 'binary';
}

/**
 * The body as Markdown: HTML converted, text as-is, binary replaced by a message saying what it was. The HTML
 * converter (readability, linkedom, turndown) loads on first use, so importing WebFetch stays cheap.
 */
export async function contentToMarkdown(options: { body: Uint8Array; contentType: string; url: string }): Promise<{ markdown: string; title?: string; binary: boolean }> {
  const kind = classifyContent(options.contentType, options.body);
  if (kind === 'binary') {
    const type = options.contentType.split(';', 1)[0]!.trim() || 'unknown type';
    return {
      markdown: `The URL returned binary content (${type}, ${options.body.byteLength} bytes), which WebFetch cannot read as text. WebFetch reads HTML, Markdown, JSON and other text.`,
      binary: true,
    };
  }
  const text = decode(options.body, options.contentType);
  if (kind === 'html') {
    const { htmlToMarkdown } = await import('./html-to-markdown.ts');
    return { ...htmlToMarkdown(text, options.url), binary: false };
  }
  return { markdown: text, binary: false };
}

function decode(body: Uint8Array, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function looksLikeText(body: Uint8Array): boolean {
  const sample = body.subarray(0, 4096);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.byteLength === body.byteLength ? sample : sample.subarray(0, sample.byteLength - 4));
    return true;
  } catch {
    return false;
  }
}
