/**
 * A large, deterministic article page for the web-fetch-markdown benchmark: a head with style and script, a
 * header with a nav of 40 links, an article of repeated sections (h2/h3, paragraphs with inline links, emphasis
 * and code, an image, a list, a 6-row table, a code block, a blockquote), an aside of related links and a footer.
 * Sections are appended until the page reaches `targetBytes` (UTF-8).
 */
export function generateArticlePage(targetBytes: number, title = 'Benchmark article'): string {
  const nav = Array.from({ length: 40 }, (_, index) => `<li><a href="/section/${index}">Section ${index}</a></li>`).join('');
  const head = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${title}</title>`,
    '<style>body{font-family:sans-serif}.nav li{display:inline}table td{padding:2px}</style>',
    '<script>window.dataLayer=[];function track(e){dataLayer.push(e)}</script>',
    '</head><body>',
    `<header class="site-header"><a href="/" class="logo"><img src="/logo.png" alt="Site"></a><nav class="nav"><ul>${nav}</ul></nav></header>`,
    `<main><article class="post"><h1>${title}</h1><p class="byline">By <a href="/authors/ada">Ada Example</a>, 2 December 2026</p>`,
  ].join('\n');
  const aside = `<aside class="related"><h2>Related</h2><ul>${Array.from({ length: 20 }, (_, index) => `<li><a href="/related/${index}">Related story ${index}</a></li>`).join('')}</ul></aside>`;
  const tail = `</article>${aside}</main><footer class="site-footer"><p>© 2026 Example Media</p><ul>${Array.from({ length: 15 }, (_, index) => `<li><a href="/legal/${index}">Footer link ${index}</a></li>`).join('')}</ul></footer><script>track('view')</script></body></html>\n`;
  const parts = [head];
  let bytes = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let index = 0; bytes < targetBytes; index++) {
    const section = section_(index);
    parts.push(section);
    bytes += Buffer.byteLength(section);
  }
  parts.push(tail);
  return parts.join('\n');
}

const WORDS = 'the quick brown fox jumps over a lazy dog while parsers tokenize markup into trees and serializers walk every node of the document to emit text'.split(' ');

function sentence(seed: number, length: number): string {
  const words: string[] = [];
  for (let index = 0; index < length; index++) words.push(WORDS[(seed * 7 + index * 5 + ((seed + index) >> 2)) % WORDS.length]!);
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function section_(index: number): string {
  const paragraph = (offset: number) =>
    `<p>${sentence(index + offset, 18)} See <a href="/articles/${index}-${offset}">the notes on part ${index}</a> and <a href="https://example.org/ref/${index}">an external reference</a>. ` +
    `${sentence(index + offset + 1, 22)} <em>Emphasis ${index}</em>, <strong>strong ${offset}</strong> and <code>inlineCode(${index})</code>. ${sentence(index + offset + 2, 16)}</p>`;
  const rows = Array.from({ length: 6 }, (_, row) => `<tr><td>${index}.${row}</td><td>${WORDS[(index + row) % WORDS.length]}</td><td>${(index * 31 + row * 7) % 1000}</td><td><a href="/item/${index}/${row}">item</a></td></tr>`).join('');
  return [
    `<section id="s${index}"><h2>Part ${index}: ${sentence(index, 5).slice(0, -1)}</h2>`,
    paragraph(0),
    paragraph(1),
    `<figure><img src="/images/figure-${index}.jpg" alt="Figure ${index}" width="640" height="360"><figcaption>Figure ${index}. ${sentence(index, 8)}</figcaption></figure>`,
    `<h3>Details of part ${index}</h3>`,
    paragraph(2),
    `<ul><li>${sentence(index, 6)}</li><li>${sentence(index + 1, 7)}</li><li><a href="/list/${index}">${sentence(index + 2, 4)}</a></li></ul>`,
    `<table><thead><tr><th>id</th><th>word</th><th>value</th><th>link</th></tr></thead><tbody>${rows}</tbody></table>`,
    `<pre><code class="language-js">function part${index}(input) {\n  return input.map((x) => x * ${index});\n}</code></pre>`,
    `<blockquote><p>${sentence(index + 3, 14)}</p></blockquote>`,
    '</section>',
  ].join('\n');
}
