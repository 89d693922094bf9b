import { sameOrNew, withContent, type BlockShape, type RequestBody } from './request-shapes.ts';

/**
 * The request with every PDF `document` block (a base64 PDF or a URL, in a message or a tool result) replaced
 * by a text block saying which PDF was left out and why: the model knows it was given one it cannot see.
 * Text documents stay. `changed` is false when there was none.
 */
export function withoutPdfs(body: RequestBody): { body: RequestBody; changed: boolean } {
  let changed = false;
  const replace = (blocks: BlockShape[]): BlockShape[] =>
    sameOrNew(blocks, (block) => {
      if (isPdf(block)) {
        changed = true;
        return { type: 'text', text: pdfLeftOut(block) };
      }
      return Array.isArray(block.content) ? withContent<BlockShape>(block, replace(block.content as BlockShape[])) : block;
    });
  const messages = sameOrNew(body.messages, (message) => (typeof message.content === 'string' ? message : withContent(message, replace(message.content))));
  return changed ? { body: { ...body, messages }, changed } : { body, changed };
}

function isPdf(block: BlockShape): boolean {
  if (block.type !== 'document') return false;
  const source = block.source as { type?: unknown; media_type?: unknown } | undefined;
  return source?.type === 'url' || (source?.type === 'base64' && source.media_type === 'application/pdf');
}

function pdfLeftOut(block: BlockShape): string {
  const source = block.source as { url?: unknown };
  const name = typeof block.title === 'string' ? ` "${block.title}"` : typeof source.url === 'string' ? ` (${source.url})` : '';
  return `[A PDF${name} was left out: the model server does not read PDF documents. Ask for its text instead (the Read tool extracts a PDF's text).]`;
}
