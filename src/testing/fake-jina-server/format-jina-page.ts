import type { FakeJinaPage } from './types.ts';

/** Jina's approximate token count of an output: a quarter of its characters. */
export function estimateJinaTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The `data` object of a JSON-mode answer, honouring `X-Return-Format` and the summary headers. */
export function jinaPageData(options: { page: FakeJinaPage; target: string; headers: Record<string, string> }): Record<string, unknown> {
  const { page, headers } = options;
  const format = (headers['x-return-format'] ?? headers['x-respond-with'] ?? 'markdown').toLowerCase();
  const data: Record<string, unknown> = { title: page.title ?? '', description: page.description ?? '', url: page.url ?? options.target };
  if (format === 'html') data.html = page.html ?? `<html><body>${page.content}</body></html>`;
  else if (format === 'text') data.text = page.text ?? page.content;
  else data.content = page.content;
  if (page.publishedTime) data.publishedTime = page.publishedTime;
  if (isOn(headers['x-with-images-summary'])) data.images = page.images ?? {};
  if (isOn(headers['x-with-links-summary'])) data.links = page.links ?? {};
  if (page.warning) data.warning = page.warning;
  const tokens = estimateJinaTokens(String(data.content ?? data.html ?? data.text ?? ''));
  data.usage = { tokens };
  return data;
}

/** The default plain-text answer: "Title:", "URL Source:", warnings, "Markdown Content:" and the summaries. */
export function jinaPageText(data: Record<string, unknown>): string {
  const lines = [`Title: ${data.title}`, '', `URL Source: ${data.url}`, ''];
  if (data.publishedTime) lines.push(`Published Time: ${data.publishedTime}`, '');
  if (data.warning) lines.push(...String(data.warning).split('\n').map((line) => `Warning: ${line}`), '');
  lines.push('Markdown Content:', String(data.content ?? data.html ?? data.text ?? ''));
  const images = data.images as Record<string, string> | undefined;
  if (images && Object.keys(images).length > 0) lines.push('', 'Images:', ...Object.entries(images).map(([label, url]) => `- ![${label}](${url})`));
  const links = data.links as Record<string, string> | undefined;
  if (links && Object.keys(links).length > 0) lines.push('', 'Links/Buttons:', ...Object.entries(links).map(([text, url]) => `- [${text}](${url})`));
  return lines.join('\n');
}

function isOn(value: string | undefined): boolean {
  return value !== undefined && ['true', 'all', '1', 'yes'].includes(value.toLowerCase());
}
